/** What an import reports while it runs and when it is done. */
export type ImportPhase =
  | 'validate'
  | 'passwords'
  | 'people'
  | 'relations'
  | 'pages'
  | 'threads'
  | 'messages'
  | 'search-index';

export interface ImportProgress {
  phase: ImportPhase;
  done: number;
  total: number;
}

export type ProgressListener = (progress: ImportProgress) => void;

export interface ImportCounts {
  companies: number;
  people: number;
  friendships: number;
  contacts: number;
  blocks: number;
  pages: number;
  games: number;
  threads: number;
  messages: number;
}
