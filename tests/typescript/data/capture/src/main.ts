import { Inventory, Item } from "./inventory";

const store = new Inventory();
const banner = "📦 stock 📦"; store.ad({ sku: "a", quantity: 1, tags: [] });
const broken: Item = { sku: "b", quantity: "two", tags: [{ label: "x", weight: "heavy" }] };
const total = store.count() + missingCounter;
const requested = new Request("https://example.org");
store.countAll();
const partial = { sku: 7 };
store.add(partial);
