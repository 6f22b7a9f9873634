export { Selector, type SelectorKind, type SelectorProps, isMultipleSelector } from "./Selector";
