import type { Database } from "../runtime/sqlite.types.ts";

/**
 * Forward-only migrations; migration N brings `PRAGMA user_version` from N-1 to N.
 * Content lives once in `chunks`; `fts_words` indexes it as external content (porter stems,
 * BM25); `fts_grams` is a contentless trigram index over titles and identifier-like terms only,
 * because a trigram index over all prose would triple the database for queries nobody types;
 * `fts_titles` holds the titles alone, so a title match reads no body postings. Spelling fixes
 * read `vocab` (6), a plain B-tree of words; `fts_words_vocab` gives document frequencies.
 */
/** SQL to run, or a step that needs a guard around one statement. */
type Migration = string | ((db: Database) => void);

export const MIGRATIONS: readonly Migration[] = [
  // 1: sources, deduplicated documents, chunks, both FTS5 tables, the vocabulary view.
  `
  CREATE TABLE docs(
    id INTEGER PRIMARY KEY,
    sha256 TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL,
    bytes INTEGER NOT NULL,
    chunk_count INTEGER NOT NULL,
    code_count INTEGER NOT NULL
  );
  CREATE TABLE sources(
    id INTEGER PRIMARY KEY,
    label TEXT NOT NULL UNIQUE,
    doc_id INTEGER NOT NULL REFERENCES docs(id),
    origin TEXT NOT NULL DEFAULT '',
    indexed_at INTEGER NOT NULL,
    session TEXT NOT NULL DEFAULT '',
    worktree TEXT NOT NULL DEFAULT ''
  );
  CREATE INDEX sources_doc ON sources(doc_id);
  CREATE INDEX sources_session ON sources(session);
  CREATE TABLE chunks(
    id INTEGER PRIMARY KEY,
    doc_id INTEGER NOT NULL REFERENCES docs(id),
    seq INTEGER NOT NULL,
    title TEXT NOT NULL,
    body TEXT NOT NULL,
    line_start INTEGER NOT NULL,
    line_end INTEGER NOT NULL,
    code INTEGER NOT NULL
  );
  CREATE INDEX chunks_doc ON chunks(doc_id, seq);
  CREATE VIRTUAL TABLE fts_words USING fts5(
    title, body, content='chunks', content_rowid='id',
    tokenize='porter unicode61 remove_diacritics 2'
  );
  CREATE VIRTUAL TABLE fts_grams USING fts5(
    terms, content='', contentless_delete=1, tokenize='trigram'
  );
  CREATE VIRTUAL TABLE fts_words_vocab USING fts5vocab(fts_words, 'row');
  INSERT INTO fts_words(fts_words, rank) VALUES ('rank', 'bm25(5.0, 1.0)');
  -- Merge segments 8 at a time instead of 4: indexing 10 MB took 12% less, search time unchanged (bench/).
  INSERT INTO fts_words(fts_words, rank) VALUES ('automerge', 8);
  INSERT INTO fts_grams(fts_grams, rank) VALUES ('automerge', 8);
  `,
  // 2: bytes in and out per tool, kept across sessions for ctx_stats.
  `
  CREATE TABLE tool_stats(
    session TEXT NOT NULL,
    tool TEXT NOT NULL,
    calls INTEGER NOT NULL DEFAULT 0,
    bytes_returned INTEGER NOT NULL DEFAULT 0,
    bytes_kept_out INTEGER NOT NULL DEFAULT 0,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY(session, tool)
  ) WITHOUT ROWID;
  `,
  // 3: the session journal (hooks write typed events; PreCompact keeps a state block per session).
  // One row per distinct (session, type, text): a repeat bumps `hits` and `at` instead of adding a row.
  // `priority`: 4 critical … 1 noise (src/session/events.ts); eviction removes the lowest first.
  `
  CREATE TABLE journal(
    seq INTEGER PRIMARY KEY,
    session TEXT NOT NULL,
    type TEXT NOT NULL,
    priority INTEGER NOT NULL,
    data TEXT NOT NULL,
    key TEXT NOT NULL DEFAULT '',
    hash TEXT NOT NULL,
    resolved INTEGER NOT NULL DEFAULT 0,
    hits INTEGER NOT NULL DEFAULT 1,
    at INTEGER NOT NULL
  );
  CREATE UNIQUE INDEX journal_dedup ON journal(session, type, hash);
  CREATE INDEX journal_evict ON journal(session, priority, at);
  CREATE INDEX journal_key ON journal(session, type, key);
  CREATE VIRTUAL TABLE journal_fts USING fts5(
    data, content='journal', content_rowid='seq',
    tokenize='porter unicode61 remove_diacritics 2'
  );
  CREATE TRIGGER journal_ai AFTER INSERT ON journal BEGIN
    INSERT INTO journal_fts(rowid, data) VALUES (new.seq, new.data);
  END;
  CREATE TRIGGER journal_ad AFTER DELETE ON journal BEGIN
    INSERT INTO journal_fts(journal_fts, rowid, data) VALUES ('delete', old.seq, old.data);
  END;
  CREATE TABLE journal_sessions(
    session TEXT PRIMARY KEY,
    host TEXT NOT NULL DEFAULT '',
    started_at INTEGER NOT NULL,
    last_at INTEGER NOT NULL,
    state TEXT NOT NULL DEFAULT '',
    state_at INTEGER NOT NULL DEFAULT 0
  ) WITHOUT ROWID;
  `,
  // 4: one row per ctx tool call (when, bytes, server-side milliseconds) for `ctxmode report`'s
  // time series and latency percentiles, and routing counters by host, tool and decision.
  // Triggers keep the counters, so the writers still issue one statement: recordCall one INSERT
  // (its trigger adds to `tool_stats`), the hooks the journal row they already wrote.
  `
  CREATE TABLE tool_calls(
    id INTEGER PRIMARY KEY,
    at INTEGER NOT NULL,
    session TEXT NOT NULL,
    tool TEXT NOT NULL,
    bytes_returned INTEGER NOT NULL,
    bytes_kept_out INTEGER NOT NULL,
    ms REAL
  );
  CREATE INDEX tool_calls_at ON tool_calls(at);
  -- Per-call rows live 180 days (every 1,000th insert prunes, on the index); tool_stats keeps the totals.
  CREATE TRIGGER tool_calls_prune AFTER INSERT ON tool_calls WHEN new.id % 1000 = 0 BEGIN
    DELETE FROM tool_calls WHERE at < new.at - 180 * 86400000;
  END;
  CREATE TRIGGER tool_calls_ai AFTER INSERT ON tool_calls BEGIN
    INSERT INTO tool_stats(session, tool, calls, bytes_returned, bytes_kept_out, updated_at)
    VALUES (new.session, new.tool, 1, new.bytes_returned, new.bytes_kept_out, new.at)
    ON CONFLICT(session, tool) DO UPDATE SET calls = calls + 1, bytes_returned = bytes_returned + excluded.bytes_returned,
      bytes_kept_out = bytes_kept_out + excluded.bytes_kept_out, updated_at = excluded.updated_at;
  END;
  -- action: denied (a routing rule denied the call and named the ctx_* call to make), passed (a rule
  -- matched but the ctx_* tools were out of reach), redirected (a hook replaced a big output with
  -- an index pointer). kind: the routing rule (src/hooks/decide.ts), or 'replace'.
  CREATE TABLE route_stats(
    host TEXT NOT NULL,
    tool TEXT NOT NULL,
    kind TEXT NOT NULL,
    action TEXT NOT NULL,
    count INTEGER NOT NULL,
    last_at INTEGER NOT NULL,
    PRIMARY KEY(host, tool, kind, action)
  ) WITHOUT ROWID;
  CREATE TRIGGER tool_calls_route AFTER INSERT ON tool_calls WHEN new.tool LIKE 'hook:%' BEGIN
    INSERT INTO route_stats(host, tool, kind, action, count, last_at)
    VALUES (coalesce((SELECT host FROM journal_sessions WHERE session = new.session), ''), substr(new.tool, 6), 'replace', 'redirected', 1, new.at)
    ON CONFLICT DO UPDATE SET count = count + 1, last_at = excluded.last_at;
  END;
  -- A route row reads "<kind>: <tool> <input>" and its key says 'passed' for a pass (else a deny);
  -- a repeat of the same call bumps the row's hits, which counts once more here.
  CREATE VIEW journal_routes AS
    SELECT seq, session, at, hits, key, substr(data, 1, instr(data, ': ') - 1) AS kind,
      substr(data, instr(data, ': ') + 2, instr(substr(data, instr(data, ': ') + 2) || ' ', ' ') - 1) AS tool
    FROM journal WHERE type = 'route' AND instr(data, ': ') > 0;
  CREATE TRIGGER journal_route_ai AFTER INSERT ON journal WHEN new.type = 'route' AND instr(new.data, ': ') > 0 BEGIN
    INSERT INTO route_stats(host, tool, kind, action, count, last_at)
    SELECT coalesce((SELECT host FROM journal_sessions WHERE session = r.session), ''), r.tool, r.kind,
      CASE r.key WHEN 'passed' THEN 'passed' ELSE 'denied' END, 1, r.at
    FROM journal_routes r WHERE r.seq = new.seq
    ON CONFLICT DO UPDATE SET count = count + 1, last_at = excluded.last_at;
  END;
  CREATE TRIGGER journal_route_au AFTER UPDATE OF hits ON journal WHEN new.type = 'route' AND new.hits > old.hits AND instr(new.data, ': ') > 0 BEGIN
    INSERT INTO route_stats(host, tool, kind, action, count, last_at)
    SELECT coalesce((SELECT host FROM journal_sessions WHERE session = r.session), ''), r.tool, r.kind,
      CASE r.key WHEN 'passed' THEN 'passed' ELSE 'denied' END, 1, r.at
    FROM journal_routes r WHERE r.seq = new.seq
    ON CONFLICT DO UPDATE SET count = count + 1, last_at = excluded.last_at;
  END;
  INSERT INTO route_stats(host, tool, kind, action, count, last_at)
    SELECT coalesce(s.host, ''), r.tool, r.kind, CASE r.key WHEN 'passed' THEN 'passed' ELSE 'denied' END, sum(r.hits), max(r.at)
    FROM journal_routes r LEFT JOIN journal_sessions s ON s.session = r.session
    WHERE true GROUP BY 1, 2, 3, 4;
  `,
  // 5: FTS5 keeps up to 8 MB of pending terms in memory before it writes a segment (default 1 MB):
  // a 2 MB indexing batch becomes one segment per table instead of several to merge later.
  // The porter side's writes took about a quarter less time (bench/index-profile.ts). A SQLite
  // whose FTS5 predates the option (old system SQLite on macOS) keeps its default.
  (db) => {
    for (const table of ["fts_words", "fts_grams"]) {
      try {
        db.exec(`INSERT INTO ${table}(${table}, rank) VALUES ('hashsize', 8388608)`);
      } catch {
        // Unknown option: the statement alone is rolled back, the migration goes on.
      }
    }
  },
  // 6: the spelling vocabulary (src/store/vocab.ts): distinct unstemmed words in a B-tree, so a
  // spelling fix reads a short key range instead of counting postings through fts5vocab. Chunks
  // already stored are read into it later, a batch at a time (backfillVocab), never here: this
  // runs inside whatever process opens the database first, a hook included.
  `
  CREATE TABLE vocab(word TEXT PRIMARY KEY) WITHOUT ROWID;
  CREATE TABLE store_meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
  INSERT INTO store_meta(key, value)
    SELECT 'vocab_backfill', json_object('next', min(id), 'end', max(id)) FROM chunks HAVING count(*) > 0;
  `,
  // 7: docs whose chunks are stored but not yet in fts_words / fts_grams (store/pending.ts): a
  // server's ctx_index returns once the chunks are stored, and the full-text rows are written when
  // it is idle or before the next search, so a call costs the chunking alone.
  `
  CREATE TABLE fts_pending(doc_id INTEGER PRIMARY KEY);
  `,
  // 8: per indexing spool (store/spool.ts), the last file applied, written in the transaction
  // that applies it: whoever applies a spool next starts after it, so no file is applied twice.
  `
  CREATE TABLE spool_marks(spool TEXT PRIMARY KEY, seq INTEGER NOT NULL) WITHOUT ROWID;
  `,
  // 9: merge segments 16 at a time instead of 8: a spool worker writes a segment per 2 MB slice,
  // and applying 30 MB of spooled files took 8% less (74 → 68 ms/MB). Searches read the extra
  // segments within their budget (bench/search-latency.ts), and an idle server's merge steps keep
  // them under SEGMENT_LIMIT (maintenance.ts).
  `
  INSERT INTO fts_words(fts_words, rank) VALUES ('automerge', 16);
  INSERT INTO fts_grams(fts_grams, rank) VALUES ('automerge', 16);
  `,
  // 10: chunk titles in their own porter index (store/titles.ts): matching titles through a
  // column filter on fts_words read every body posting of the words first. Chunks already stored
  // are read into it later, a batch at a time (upgrade.ts), never here. And the merge steps of an
  // idle server merge a level's segments once it has two (maintenance.ts mergeStep).
  (db) => {
    db.exec(`
      CREATE VIRTUAL TABLE fts_titles USING fts5(
        title, content='', contentless_delete=1, tokenize='porter unicode61 remove_diacritics 2'
      );
      INSERT INTO fts_titles(fts_titles, rank) VALUES ('automerge', 16);
      INSERT INTO fts_words(fts_words, rank) VALUES ('usermerge', 2);
      INSERT INTO fts_grams(fts_grams, rank) VALUES ('usermerge', 2);
      INSERT INTO fts_titles(fts_titles, rank) VALUES ('usermerge', 2);
      INSERT INTO store_meta(key, value)
        SELECT 'titles_backfill', json_object('next', min(id), 'end', max(id)) FROM chunks HAVING count(*) > 0;
    `);
    try {
      db.exec("INSERT INTO fts_titles(fts_titles, rank) VALUES ('hashsize', 8388608)");
    } catch {
      // an FTS5 without the option (see 5) keeps its default
    }
  },
  // 11: which version of the chunkers made each doc's chunks (store/chunk/index.ts
  // CHUNKER_VERSION). Text indexed again after an upgrade is chunked afresh when its doc's version
  // is older (index-source.ts write); docs stored before this column read as 0.
  `
  ALTER TABLE docs ADD COLUMN chunker INTEGER NOT NULL DEFAULT 0;
  `,
];

export const SCHEMA_VERSION = MIGRATIONS.length;
