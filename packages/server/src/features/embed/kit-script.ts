/**
 * The embedding kit a host page loads with one script tag
 * (`<script async src="https://messenger.example/embed/v1/kit.js">`). Plain
 * ES2017, no framework, a few kB: it creates the messenger's frame, checks
 * the origin of everything it hears (only the messenger's, only from its own
 * frame), relays the host's calls, and exposes `window.MessengerEmbed`. The
 * messenger's origin is where the script came from (`document.currentScript`),
 * so the file is the same for every deployment and caches well. The protocol
 * is core's `embed/protocol.ts`; docs/embedding.md documents the API.
 */
export const KIT_SCRIPT = String.raw`/* Messenger embedding kit v1 (docs/embedding.md) */
(function () {
  'use strict';
  var SOURCE = 'messenger-embed';
  var VERSION = 1;
  var script = document.currentScript;
  if (!script || window.MessengerEmbed) return;
  var messengerOrigin = new URL(script.src, location.href).origin;
  var SIDEBAR_WIDTH = 280;
  var listeners = { ready: [], unread: [], 'signed-in': [], 'signed-out': [] };
  var state = {
    theme: script.getAttribute('data-theme') || null,
    language: script.getAttribute('data-language') || null,
    unread: 0,
    signedIn: false,
    ready: false,
  };
  var pending = [];

  var frame = document.createElement('iframe');
  var src = new URL('/embed', messengerOrigin);
  src.searchParams.set('parent', location.origin);
  if (state.theme) src.searchParams.set('theme', state.theme);
  if (state.language) src.searchParams.set('language', state.language);
  frame.src = src.href;
  frame.title = script.getAttribute('data-title') || 'Messenger';
  frame.name = 'messenger-embed';
  // Calls need the camera and microphone of the frame's own origin.
  frame.allow = 'camera ' + messengerOrigin + '; microphone ' + messengerOrigin + '; autoplay; display-capture';
  frame.setAttribute('data-messenger-embed', '');
  frame.style.border = '0';
  frame.style.background = 'transparent';
  frame.style.colorScheme = 'normal';
  var container = null;
  var selector = script.getAttribute('data-target');

  function mount() {
    container = selector ? document.querySelector(selector) : null;
    if (container) {
      frame.style.width = '100%';
      frame.style.height = '100%';
      container.appendChild(frame);
    } else {
      // Docked on the right edge, full height; it widens while chat tabs are open.
      frame.style.position = 'fixed';
      frame.style.top = '0';
      frame.style.right = '0';
      frame.style.height = '100vh';
      frame.style.width = SIDEBAR_WIDTH + 'px';
      frame.style.maxWidth = '100vw';
      frame.style.zIndex = '2147483000';
      document.body.appendChild(frame);
    }
  }

  function emit(type, value) {
    listeners[type].slice().forEach(function (listener) {
      try {
        listener(value);
      } catch (error) {
        setTimeout(function () {
          throw error;
        });
      }
    });
  }

  function send(message) {
    message.source = SOURCE;
    message.v = VERSION;
    // Only the messenger's origin may receive it: if the frame is elsewhere (its sign-in
    // at the identity provider), the browser drops the message.
    if (frame.contentWindow) frame.contentWindow.postMessage(message, messengerOrigin);
  }

  function command(message) {
    if (state.ready) send(message);
    else pending.push(message);
  }

  window.addEventListener('message', function (event) {
    if (event.origin !== messengerOrigin || event.source !== frame.contentWindow) return;
    var data = event.data;
    if (!data || data.source !== SOURCE || data.v !== VERSION) return;
    switch (data.type) {
      case 'ready':
        state.ready = true;
        // A frame that navigated (its sign-in) starts afresh: it hears the settings again.
        if (state.theme) send({ type: 'set-theme', theme: state.theme });
        if (state.language) send({ type: 'set-language', language: state.language });
        pending.splice(0).forEach(send);
        state.signedIn = data.signed_in === true;
        emit('ready', { signedIn: state.signedIn });
        break;
      case 'unread':
        if (typeof data.count !== 'number' || data.count === state.unread) return;
        state.unread = data.count;
        emit('unread', data.count);
        break;
      case 'signed-in':
        state.signedIn = true;
        emit('signed-in');
        break;
      case 'signed-out':
        state.signedIn = false;
        if (state.unread !== 0) {
          state.unread = 0;
          emit('unread', 0);
        }
        emit('signed-out');
        break;
      case 'sign-in-redirect':
        // The frame's silent sign-in at the identity provider, started from this page (see the protocol).
        if (typeof data.url !== 'string' || !/^https?:\/\//.test(data.url)) return;
        // The frame leaves for the provider: calls wait for its next "ready".
        state.ready = false;
        frame.src = data.url;
        break;
      case 'resize':
        if (!container && typeof data.width === 'number') frame.style.width = data.width + 'px';
        break;
    }
  });

  var api = {
    version: VERSION,
    origin: messengerOrigin,
    frame: frame,
    /** Opens (or brings forward) the chat tab with a person of the network. */
    openConversation: function (personId, options) {
      var message = { type: 'open-conversation', person_id: String(personId) };
      if (options && options.name) message.name = String(options.name);
      command(message);
    },
    setTheme: function (theme) {
      state.theme = theme;
      command({ type: 'set-theme', theme: theme });
    },
    setLanguage: function (language) {
      state.language = language;
      command({ type: 'set-language', language: language });
    },
    getUnreadCount: function () {
      return state.unread;
    },
    isSignedIn: function () {
      return state.signedIn;
    },
    /** on('unread' | 'signed-in' | 'signed-out' | 'ready', listener): returns the unsubscribe. */
    on: function (type, listener) {
      var list = listeners[type];
      if (!list || typeof listener !== 'function') throw new TypeError('MessengerEmbed.on: unknown event ' + type);
      list.push(listener);
      return function () {
        var index = list.indexOf(listener);
        if (index >= 0) list.splice(index, 1);
      };
    },
  };

  window.MessengerEmbed = api;
  if (document.body) mount();
  else document.addEventListener('DOMContentLoaded', mount);
  window.dispatchEvent(new CustomEvent('messenger-embed:ready', { detail: api }));
})();
`;
