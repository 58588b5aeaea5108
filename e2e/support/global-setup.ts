import type { TestProject } from 'vitest/node';
import { networkFilePath } from './paths';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared server of the run, e.g. `http://127.0.0.1:41234`. */
    serverUrl: string;
    /** The network file imported into it. */
    networkFile: string;
  }
}

/**
 * One real server for the whole run (started once: importing the network and
 * starting take seconds). Tests that need other settings start their own.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const networkFile = networkFilePath();
  const server = await startServer({ networkFile });
  project.provide('serverUrl', server.url);
  project.provide('networkFile', networkFile);
  return async () => {
    await server.stop();
  };
}
