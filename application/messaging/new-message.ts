// Builds a message about to be appended to a thread, for whichever side writes it.
import { messageTypeOf, type Message } from "../../domain/messaging/message.js";
import type { SenderType } from "../../domain/messaging/thread.js";

export interface Author {
  readonly type: SenderType;
  readonly id: string | null;
  readonly name: string;
}

export const newMessage = (
  id: string,
  threadId: string,
  author: Author,
  content: string,
  attachments: readonly string[],
  at: string,
): Message => ({
  id,
  threadId,
  content,
  messageType: messageTypeOf(author.type, attachments),
  senderType: author.type,
  senderId: author.id,
  senderName: author.name,
  attachments: [...attachments],
  metadata: {},
  status: "sent",
  readAt: null,
  isEdited: false,
  isDeleted: false,
  editedAt: null,
  deletedAt: null,
  createdAt: at,
  updatedAt: at,
});
