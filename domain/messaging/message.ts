// A message in a thread (docs/api/states.md, "Threads and messages"), and its
// enumerations:
// message_type text | image | file | system; message_status sent | delivered | read.
import { Schema } from "effect";
import type { SenderType } from "./thread.js";

/** text: words only; image: every attachment is a picture; file: any other attachment; system: written by the platform. */
export const MessageType = Schema.Literal("text", "image", "file", "system");
export type MessageType = typeof MessageType.Type;

/** sent: stored; delivered: shown to the other side by a channel that reports it; read: the other side marked the thread read. */
export const MessageStatus = Schema.Literal("sent", "delivered", "read");
export type MessageStatus = typeof MessageStatus.Type;

export interface Message {
  readonly id: string;
  readonly threadId: string;
  readonly content: string;
  readonly messageType: MessageType;
  readonly senderType: SenderType;
  readonly senderId: string | null;
  readonly senderName: string;
  readonly attachments: readonly string[];
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly status: MessageStatus;
  readonly readAt: string | null;
  readonly isEdited: boolean;
  readonly isDeleted: boolean;
  readonly editedAt: string | null;
  readonly deletedAt: string | null;
  /** Unique within the thread: the cursor of a message list is this value. */
  readonly createdAt: string;
  readonly updatedAt: string;
}

const IMAGE_PATH = /\.(?:png|jpe?g|gif|webp|avif|heic|svg)$/i;

const isImage = (url: string): boolean => {
  const path = url.split(/[?#]/)[0] ?? "";
  return IMAGE_PATH.test(path);
};

/** The type a new message gets from its sender and attachments. */
export const messageTypeOf = (sender: SenderType, attachments: readonly string[]): MessageType => {
  if (sender === "system") return "system";
  if (attachments.length === 0) return "text";
  return attachments.every(isImage) ? "image" : "file";
};

/** The instant one millisecond after `at` (ISO 8601 with milliseconds, UTC). */
export const oneMillisecondAfter = (at: string): string => new Date(Date.parse(at) + 1).toISOString();
