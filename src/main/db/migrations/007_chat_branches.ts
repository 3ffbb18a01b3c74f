import type { Migration } from '../migrate'

/**
 * Chat branches and system-prompt presets:
 * - chat_messages.parent_id: the message a message answers or follows (null for the first). Editing a sent
 *   message and sending it again, or asking for another reply, adds a sibling instead of replacing, so the
 *   earlier branch is kept and can be shown again. Existing conversations become one branch: each message's
 *   parent is the message before it.
 * - chat_conversations.leaf_id: the last message of the branch shown (and continued); set to the newest
 *   message of existing conversations.
 * - chat_presets: named system prompts a conversation can take its system prompt from.
 */
export const migration007ChatBranches: Migration = {
  version: 7,
  name: '007_chat_branches',
  up(db) {
    db.exec(`
      ALTER TABLE chat_messages ADD COLUMN parent_id TEXT;
      UPDATE chat_messages SET parent_id = (
        SELECT p.id FROM chat_messages p
        WHERE p.conversation_id = chat_messages.conversation_id AND p.seq < chat_messages.seq
        ORDER BY p.seq DESC LIMIT 1
      );
      CREATE INDEX chat_messages_by_parent ON chat_messages (conversation_id, parent_id, seq);

      ALTER TABLE chat_conversations ADD COLUMN leaf_id TEXT;
      UPDATE chat_conversations SET leaf_id = (
        SELECT m.id FROM chat_messages m WHERE m.conversation_id = chat_conversations.id
        ORDER BY m.seq DESC LIMIT 1
      );

      CREATE TABLE chat_presets (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        system_prompt TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
    `)
  }
}
