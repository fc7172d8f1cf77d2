/**
 * Forward-only migrations; migration N brings `PRAGMA user_version` from N-1 to N.
 * Content lives once in `chunks`; `fts_words` indexes it as external content (porter stems,
 * BM25); `fts_grams` is a contentless trigram index over titles and identifier-like terms only,
 * because a trigram index over all prose would triple the database for queries nobody types.
 * The typo-correction vocabulary is `fts_words_vocab`, a view of the porter index's own terms:
 * a separate word table cost a third of indexing time for the same information.
 */
export const MIGRATIONS: readonly string[] = [
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
];

export const SCHEMA_VERSION = MIGRATIONS.length;
