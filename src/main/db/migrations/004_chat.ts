import type { Migration } from '../migrate'

/**
 * Chat:
 * - chat_conversations: one row per conversation, with the model, style, system prompt and settings it
 *   sends with; `title_set` marks a title the user chose, which the first message no longer replaces;
 * - chat_messages: every user message and reply, a reply from the moment it is requested (`pending`) to its
 *   final state; `seq` is the stable rowid the search index points at; `request_key` is the Idempotency-Key
 *   of the click that produced the reply, so a repeated click id never sends twice;
 * - chat_attachments: images of a message by library media id (no foreign key to `media`, so the library
 *   keeps deciding when a file may go);
 * - chat_search: FTS5 over message text, kept current by triggers.
 */
export const migration004Chat: Migration = {
  version: 4,
  name: '004_chat',
  up(db) {
    db.exec(`
      CREATE TABLE chat_conversations (
        id TEXT PRIMARY KEY,
        title TEXT NOT NULL,
        title_set INTEGER NOT NULL DEFAULT 0,
        profile_id TEXT NOT NULL,
        model TEXT NOT NULL,
        style TEXT NOT NULL CHECK (style IN ('chat', 'messages', 'responses')),
        system_prompt TEXT NOT NULL DEFAULT '',
        settings TEXT NOT NULL DEFAULT '{}',
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX chat_conversations_by_updated ON chat_conversations (updated_at DESC);

      CREATE TABLE chat_messages (
        seq INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        conversation_id TEXT NOT NULL REFERENCES chat_conversations (id) ON DELETE CASCADE,
        role TEXT NOT NULL CHECK (role IN ('user', 'assistant')),
        status TEXT NOT NULL
          CHECK (status IN ('pending', 'streaming', 'complete', 'stopped', 'error', 'interrupted')),
        text TEXT NOT NULL DEFAULT '',
        reasoning TEXT NOT NULL DEFAULT '',
        tool_calls TEXT,
        usage TEXT,
        error TEXT,
        model TEXT,
        style TEXT CHECK (style IS NULL OR style IN ('chat', 'messages', 'responses')),
        finish_reason TEXT,
        streamed INTEGER NOT NULL DEFAULT 1,
        request_key TEXT UNIQUE,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX chat_messages_by_conversation ON chat_messages (conversation_id, seq);
      CREATE INDEX chat_messages_unfinished ON chat_messages (status) WHERE status IN ('pending', 'streaming');

      CREATE TABLE chat_attachments (
        message_id TEXT NOT NULL REFERENCES chat_messages (id) ON DELETE CASCADE,
        idx INTEGER NOT NULL,
        media_id TEXT NOT NULL,
        mime TEXT NOT NULL,
        width INTEGER,
        height INTEGER,
        PRIMARY KEY (message_id, idx)
      ) STRICT;
      CREATE INDEX chat_attachments_by_media ON chat_attachments (media_id);

      CREATE VIRTUAL TABLE chat_search USING fts5 (
        text,
        content = 'chat_messages',
        content_rowid = 'seq',
        tokenize = 'unicode61 remove_diacritics 2'
      );
      CREATE TRIGGER chat_messages_search_insert AFTER INSERT ON chat_messages BEGIN
        INSERT INTO chat_search (rowid, text) VALUES (new.seq, new.text);
      END;
      CREATE TRIGGER chat_messages_search_delete AFTER DELETE ON chat_messages BEGIN
        INSERT INTO chat_search (chat_search, rowid, text) VALUES ('delete', old.seq, old.text);
      END;
      CREATE TRIGGER chat_messages_search_update AFTER UPDATE OF text ON chat_messages BEGIN
        INSERT INTO chat_search (chat_search, rowid, text) VALUES ('delete', old.seq, old.text);
        INSERT INTO chat_search (rowid, text) VALUES (new.seq, new.text);
      END;
    `)
  }
}
