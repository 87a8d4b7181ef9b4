// Placeholder: the page is being built.
import type { Session } from "../session.js";
export const ShippingPage = (_: { session: Session }) => <h1>shipping</h1>;
