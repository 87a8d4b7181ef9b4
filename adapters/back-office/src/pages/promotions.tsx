// Placeholder: the page is being built.
import type { Session } from "../session.js";
export const PromotionsPage = (_: { session: Session }) => <h1>promotions</h1>;
export const PromotionDetailPage = ({ id }: { id: string; session: Session }) => <h1>{id}</h1>;
