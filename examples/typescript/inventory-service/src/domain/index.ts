export * from "./product";
export * from "./stock";
export { Money } from "./money";
export type { Currency } from "./money";
