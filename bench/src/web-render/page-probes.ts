/**
 * What the benchmark runs inside the page, before the page's own scripts
 * (Playwright's addInitScript): nothing in the client is changed for it.
 *
 * - The moment the thread's history data arrived: the whole body of the
 *   `ConversationBodyQuery` response received (a wrapper around fetch).
 * - The first screen: the first animation frame after the newest message's
 *   row is in the document, and the rows mounted then.
 * - Frames and long tasks while scrolling: requestAnimationFrame deltas and
 *   PerformanceObserver('longtask') entries.
 */

export interface FirstScreen {
  /** performance.now() when the thread's query was sent (the loading state shows then). */
  sentAt: number;
  /** When the history response body was complete. */
  dataAt: number;
  /** React's first commit of the conversation (its history `log` in the document). */
  committedAt: number;
  /** When the newest message's row was first in the document (a DOM mutation). */
  rowsInDomAt: number;
  /** The next animation frame's start: the frame that paints it. */
  frameAt: number;
  /** After that frame (a task queued from it): its rendering work is done. */
  paintedAt: number;
  rowsMounted: number;
}

export interface LongTaskEntry {
  startTime: number;
  duration: number;
}

export interface ScrollSample {
  frames: number[];
  longTasks: LongTaskEntry[];
  longAnimationFrames: LongTaskEntry[];
}

export interface BenchProbe {
  firstScreen: FirstScreen | null;
  historyPageRequests: number;
  /** When each older page's response was complete. */
  historyPageArrivals: number[];
  longTasks: LongTaskEntry[];
  longAnimationFrames: LongTaskEntry[];
  startFrames(): void;
  stopFrames(): number[];
}

declare global {
  interface Window {
    __bench: BenchProbe;
  }
}

/** Rows of the conversation history (react-virtuoso items inside the `log`). */
export const ROW_SELECTOR = '[role=log] [role=listitem]';

/** Installed as an init script: must not close over anything (it is serialized). */
export function installProbes(options: { rowSelector: string; newestText: string }): void {
  const probe: BenchProbe = {
    firstScreen: null,
    historyPageRequests: 0,
    historyPageArrivals: [],
    longTasks: [],
    longAnimationFrames: [],
    startFrames: () => undefined,
    stopFrames: () => [],
  };
  window.__bench = probe;

  const observe = (type: string, into: LongTaskEntry[]): void => {
    try {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          into.push({ startTime: entry.startTime, duration: entry.duration });
      }).observe({ type, buffered: true });
    } catch {
      // An entry type this browser does not know.
    }
  };
  observe('longtask', probe.longTasks);
  observe('long-animation-frame', probe.longAnimationFrames);

  let frames: number[] = [];
  let running = false;
  const tick = (time: number): void => {
    if (!running) return;
    frames.push(time);
    requestAnimationFrame(tick);
  };
  probe.startFrames = () => {
    frames = [];
    running = true;
    requestAnimationFrame(tick);
  };
  probe.stopFrames = () => {
    running = false;
    return frames.slice(1).map((time, i) => time - frames[i]!);
  };

  let sentAt = Number.NaN;
  let committedAt = Number.NaN;
  const watchFirstScreen = (dataAt: number): void => {
    const check = (): boolean => {
      // React's first commit of the conversation: its history log is in the document.
      if (Number.isNaN(committedAt) && document.querySelector('[role=log]') !== null)
        committedAt = performance.now();
      const rows = document.querySelectorAll(options.rowSelector);
      let newest = false;
      for (const row of rows) if (row.textContent.includes(options.newestText)) newest = true;
      if (!newest) return false;
      const rowsInDomAt = performance.now();
      requestAnimationFrame((frameAt) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          probe.firstScreen = {
            sentAt,
            dataAt,
            committedAt,
            rowsInDomAt,
            frameAt,
            paintedAt: performance.now(),
            rowsMounted: document.querySelectorAll(options.rowSelector).length,
          };
        };
        channel.port2.postMessage(null);
      });
      return true;
    };
    if (check()) return;
    const observer = new MutationObserver(() => {
      if (check()) observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true, characterData: true });
  };

  const originalFetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const body = typeof init?.body === 'string' ? init.body : '';
    const history = body.includes('"operationName":"ConversationBodyQuery"');
    if (history && probe.firstScreen === null) sentAt = performance.now();
    const response = await originalFetch(input, init);
    if (body.includes('"operationName":"ConversationHistoryPaginationQuery"')) {
      probe.historyPageRequests += 1;
      void response
        .clone()
        .arrayBuffer()
        .then(() => {
          probe.historyPageArrivals.push(performance.now());
        });
    }
    if (history && probe.firstScreen === null) {
      // A copy read to its end: the time the last byte of the data was there.
      void response
        .clone()
        .arrayBuffer()
        .then(() => {
          watchFirstScreen(performance.now());
        });
    }
    return response;
  };
}
