import { sql, type Kysely } from 'kysely';
import type { DialectMigration } from '../dialect-migration';

/**
 * A version per thread's roster, so that a PostgreSQL node may keep the
 * participant rows a send reads (features/messaging/roster-cache.ts) and ask
 * only whether they changed: reading about ten rows per message to find
 * recipients that rarely change cost PostgreSQL a third of a send batch.
 *
 * The roster is what a send reads of the participants besides the read
 * marks: who is in, as what, their folder, whether they hid the thread,
 * their nickname. Triggers bump the version in the transaction that changes
 * any of it, so no code path can forget to; the read marks, written by every
 * send and every receipt, leave it alone (and fire nothing).
 *
 * The versions live beside `threads`, not in it: a send batch holds its
 * threads' rows locked, and a trigger updating them from a transaction that
 * already holds a participant row the batch wants would deadlock.
 * A thread without a row is at version 0: its roster as of this migration.
 *
 * SQLite has one writer and reads its rows in microseconds; it gets nothing.
 */
export const rosterVersionsMigration: DialectMigration = {
  async up(db: Kysely<unknown>, dialect): Promise<void> {
    if (dialect !== 'postgres') return;
    await sql`create table thread_roster_versions (
      thread_id text primary key,
      version bigint not null
    )`.execute(db);
    // Both statement triggers name their transition table `touched`: the rows inserted or deleted.
    await sql`create function thread_roster_bump_touched() returns trigger language plpgsql as $$
      begin
        insert into thread_roster_versions (thread_id, version)
          select distinct thread_id, 1 from touched
          on conflict (thread_id) do update set version = thread_roster_versions.version + 1;
        return null;
      end $$`.execute(db);
    await sql`create function thread_roster_bump_changed() returns trigger language plpgsql as $$
      begin
        insert into thread_roster_versions (thread_id, version)
          select distinct id, 1 from (values (old.thread_id), (new.thread_id)) as t(id)
          on conflict (thread_id) do update set version = thread_roster_versions.version + 1;
        return null;
      end $$`.execute(db);
    // Inserts and deletes come in bulk (an import, a re-import replacing them): once per statement.
    await sql`create trigger thread_roster_added after insert on thread_participants
      referencing new table as touched for each statement
      execute function thread_roster_bump_touched()`.execute(db);
    await sql`create trigger thread_roster_removed after delete on thread_participants
      referencing old table as touched for each statement
      execute function thread_roster_bump_touched()`.execute(db);
    // Updates are mostly of read marks, which the column list or the
    // condition lets through without running anything.
    await sql`create trigger thread_roster_changed
      after update of thread_id, participant_id, participant_kind, folder, nickname, hidden, joined_at
      on thread_participants for each row
      when ((old.thread_id, old.participant_id, old.participant_kind, old.folder, old.nickname,
          old.hidden, old.joined_at)
        is distinct from (new.thread_id, new.participant_id, new.participant_kind, new.folder,
          new.nickname, new.hidden, new.joined_at))
      execute function thread_roster_bump_changed()`.execute(db);
  },
};
