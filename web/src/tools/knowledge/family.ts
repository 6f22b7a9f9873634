import type { ToolFamily } from "../types";
import { KnowledgeCard } from "./KnowledgeCard";
import strings from "./strings/en";

/**
 * The knowledge bases' web half (spec 001 §2.7): the card of queryKnowledgeBase — the
 * knowledge bases searched, the documents the passages come from (each opens in the
 * side panel's file viewer) and the passages with their scores.
 */
const knowledge: ToolFamily<typeof strings> = {
  strings,
  cards: { queryKnowledgeBase: KnowledgeCard },
};

export default knowledge;
