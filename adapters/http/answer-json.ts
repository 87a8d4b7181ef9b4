// The JSON text of a catalog answer, the same text JSON.stringify makes, with each record it holds
// serialized once: a catalog read's records made of product copies are shared objects, made once
// (application/catalog/record-memo.ts), so the text of such a record is kept beside it and a page
// of 50 records joins 50 kept texts instead of serializing 100 KB again. Records made afresh are
// serialized as they are (keeping anything of them would only give the garbage collector weak
// entries to clear).
import { isKeptRecord } from "../../application/catalog/record-memo.js";

const texts = new WeakMap<object, string>();

/** The JSON text of a value, kept for a kept record. */
const textOf = (value: unknown): string => {
  if (value === null || typeof value !== "object" || !isKeptRecord(value)) return JSON.stringify(value) ?? "null";
  let text = texts.get(value);
  if (text === undefined) texts.set(value, (text = JSON.stringify(value)));
  return text;
};

/**
 * The answer's JSON: with `listKey`, the object's other members as JSON.stringify writes them and
 * the list's records from their kept texts; without it, the whole answer is one record.
 */
export const answerJson = (body: unknown, listKey: string | undefined): string => {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return JSON.stringify(body) ?? "";
  if (listKey === undefined) return textOf(body);
  const record = body as Record<string, unknown>;
  const list = record[listKey];
  if (!Array.isArray(list)) return JSON.stringify(body);
  let out = "{";
  for (const key of Object.keys(record)) {
    const value = record[key];
    // What JSON.stringify leaves out of an object.
    if (value === undefined || typeof value === "function" || typeof value === "symbol") continue;
    if (out.length > 1) out += ",";
    out += `${JSON.stringify(key)}:`;
    if (value === list) {
      out += "[";
      for (let i = 0; i < list.length; i++) out += (i === 0 ? "" : ",") + (list[i] === undefined ? "null" : textOf(list[i]));
      out += "]";
    } else {
      out += JSON.stringify(value);
    }
  }
  return `${out}}`;
};
