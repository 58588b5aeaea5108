// First: the theme is on <html> before anything renders (no flash of the other colours).
import './features/appearance/appearance-boot';
import './ui/tokens.css';
import './csp-safe-zod';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadSessionServices } from './app/session-services';
import { preloadRelay } from './relay/RelayRegion';
import { createBrowserHistory } from './router/history';
import { storageSessionMarker } from './session/session-client';
import './styles.css';

function localStorageOrUndefined(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

const marker = storageSessionMarker(localStorageOrUndefined());
// Probably signed in: fetch the data layer while the session is being checked.
if (marker.get()) {
  preloadRelay();
  preloadSessionServices();
}

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root');

createRoot(container).render(
  <StrictMode>
    <App history={createBrowserHistory(window)} marker={marker} />
  </StrictMode>,
);
