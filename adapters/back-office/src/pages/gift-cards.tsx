// Placeholder: the page is being built.
import type { Session } from "../session.js";
export const GiftCardsPage = (_: { session: Session }) => <h1>gift-cards</h1>;
export const GiftCardDetailPage = ({ id }: { id: string; session: Session }) => <h1>{id}</h1>;
