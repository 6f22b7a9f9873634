import type { ToolFamily } from "../types";
import { KnowledgeCard } from "./KnowledgeCard";
import pages from "./pages";
import strings from "./strings/en";

/**
 * The knowledge bases' web half (spec 001 §2.7): the card of queryKnowledgeBase — the
 * knowledge bases searched, the documents the passages come from (each opens in the
 * side panel's file viewer) and the passages with their scores.
 * Its page: the knowledge bases, for every member.
 */
const knowledge: ToolFamily<typeof strings> = {
  strings,
  pages,
  cards: { queryKnowledgeBase: KnowledgeCard },
};

export default knowledge;
