import type { ReactNode } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { searchTypeaheadMessages } from './messages';

/**
 * The game player a game result opens (seed 4, "Selection"). The network
 * lists games by name only, so the player is a dialog that names the game;
 * the game itself would load inside it.
 */
export function GamePlayerDialog({
  gameId,
  title,
  onClose,
}: {
  gameId: string;
  title: string;
  onClose: () => void;
}): ReactNode {
  const intl = useIntl();
  return (
    <ModalOverlay
      className="game-player-overlay"
      isOpen
      // Not dismissed by a click outside: the click that picked the game would close it at once.
      isDismissable={false}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
    >
      <Modal className="game-player-modal">
        <Dialog className="game-player" data-game-id={gameId}>
          <Heading slot="title">
            {intl.formatMessage(searchTypeaheadMessages.gamePlayerTitle, { name: title })}
          </Heading>
          <p>{intl.formatMessage(searchTypeaheadMessages.gamePlayerBody)}</p>
          <Button className="button" onPress={onClose}>
            {intl.formatMessage(searchTypeaheadMessages.close)}
          </Button>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
