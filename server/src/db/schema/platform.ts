// The kernel: uploads, the outbox, imports and job leases.
import type { ColumnType } from 'kysely';
import type { Timestamp } from './columns.ts';

/** An image stored through the upload route (the file itself is in the media storage under `key`). */
export interface ImageUploadsTable {
  /** The stored name, `<uuid>.webp`: the last part of its /media/images/ address. */
  key: string;
  ownerId: string;
  purpose: 'community' | 'profile';
  /** Bytes of the stored (re-encoded) file. */
  size: number;
  width: number;
  height: number;
  createdAt: Timestamp;
}

/** Domain events waiting for, or past, delivery (server/src/events/outbox.ts). Times in milliseconds since the epoch. */
export interface OutboxEventsTable {
  id: string;
  type: string;
  /** The event's data as JSON text. */
  payload: string;
  createdAt: number;
  availableAt: number;
  claimExpiresAt: number | null;
  attempts: ColumnType<number, number | undefined, number>;
  lastError: string | null;
  deliveredAt: number | null;
}

/** Which subscriber has handled which event (each at most once). */
export interface OutboxDeliveriesTable {
  eventId: string;
  subscriber: string;
  deliveredAt: number;
}

/** A history import: one per uploaded file (modules/imports). */
export interface ImportJobsTable {
  id: string;
  userId: string;
  source: 'letterboxd' | 'imdb' | 'trakt';
  fileName: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  total: number;
  processed: ColumnType<number, number | undefined, number>;
  imported: ColumnType<number, number | undefined, number>;
  alreadyPresent: ColumnType<number, number | undefined, number>;
  notMatched: ColumnType<number, number | undefined, number>;
  ambiguous: ColumnType<number, number | undefined, number>;
  error: string | null;
  /** Milliseconds since the epoch: the process working on it holds it until then. */
  leaseUntil: number | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  finishedAt: Timestamp | null;
}

/** One item of an import's file (a rating, a watchlist entry, a list entry) and what became of it. */
export interface ImportRowsTable {
  jobId: string;
  seq: number;
  kind: 'rating' | 'watchlist' | 'list' | 'diary' | 'watched' | 'like';
  file: string;
  line: number;
  rowText: string;
  /** The parsed item as JSON text. */
  data: string;
  status: 'pending' | 'imported' | 'present' | 'unmatched' | 'ambiguous';
  titleId: string | null;
  /** JSON text: the candidate title ids of an ambiguous row. */
  candidates: string | null;
  reason: string | null;
}

/** Who runs a scheduled job that runs once across processes, and until when (server/src/lib/job-lease.ts). */
export interface JobLeasesTable {
  name: string;
  holder: string;
  /** Milliseconds since the epoch. */
  until: number;
}
