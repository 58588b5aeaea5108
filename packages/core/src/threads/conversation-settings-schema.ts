import { z } from 'zod';
import { MUTE_CHOICES } from './conversation-settings';

/**
 * Apart from conversation-settings.ts: the web client's first screen reads its
 * pure rules (isMuted in the beeper), and a schema there would bring Zod along.
 */
export const muteChoiceSchema = z.enum(MUTE_CHOICES);
