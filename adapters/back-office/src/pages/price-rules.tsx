// Placeholder: the page is being built.
import type { Session } from "../session.js";
export const PriceRulesPage = (_: { session: Session }) => <h1>price-rules</h1>;
