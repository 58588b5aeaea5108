import { defineMessages } from '@messenger/core';

export const attachmentMessages = defineMessages({
  addImages: { id: 'web.attachments.addImages', defaultMessage: 'Add images' },
  tray: { id: 'web.attachments.tray', defaultMessage: 'Images to send' },
  uploading: { id: 'web.attachments.uploading', defaultMessage: 'Uploading {name}' },
  remove: { id: 'web.attachments.remove', defaultMessage: 'Remove {name}' },
  tooLarge: {
    id: 'web.attachments.tooLarge',
    defaultMessage: '{name} is too large: an image can be at most {max} MB.',
  },
  wrongType: {
    id: 'web.attachments.wrongType',
    defaultMessage: '{name} cannot be sent: only PNG, JPEG, GIF and WebP images can.',
  },
  tooMany: {
    id: 'web.attachments.tooMany',
    defaultMessage: 'A message can have at most {max} images.',
  },
  quotaReached: {
    id: 'web.attachments.quotaReached',
    defaultMessage:
      '{name} was not added: too many images are waiting to be sent. Send or remove some first.',
  },
  failed: { id: 'web.attachments.failed', defaultMessage: '{name} could not be uploaded.' },
  image: { id: 'web.attachments.image', defaultMessage: 'Image' },
  preview: {
    id: 'web.attachments.preview',
    defaultMessage: '{count, plural, one {An image} other {# images}}',
  },
  unavailable: { id: 'web.attachments.unavailable', defaultMessage: 'Image unavailable' },
});
