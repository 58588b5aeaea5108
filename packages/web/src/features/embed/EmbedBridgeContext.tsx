import { createContext, useContext } from 'react';
import type { EmbedBridge } from './bridge';

export const EmbedBridgeContext = createContext<EmbedBridge | null>(null);

/** The bridge of the embed route (null outside it). */
export function useEmbedBridge(): EmbedBridge | null {
  return useContext(EmbedBridgeContext);
}
