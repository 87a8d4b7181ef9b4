// The back office's entry: the query client, the session gate (sign-in until /me answers a
// member) and the pages by path.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, useEffect, useRef, useState } from "react";
import { createRoot } from "react-dom/client";
import { ApiProblem, explain } from "./api.js";
import { Notice } from "./feedback.js";
import { Layout } from "./layout.js";
import { navigate, useLocation } from "./navigation.js";
import { AuditLogPage } from "./pages/audit-log.js";
import { CatalogImportPage } from "./pages/catalog-import.js";
import { CustomerDetailPage, CustomersPage } from "./pages/customers.js";
import { DashboardPage } from "./pages/dashboard.js";
import { InboxPage, ThreadPage } from "./pages/inbox.js";
import { OrderDetailPage } from "./pages/order-detail.js";
import { OrdersPage } from "./pages/orders.js";
import { ProductDetailPage, ProductsPage } from "./pages/products.js";
import { ReturnDetailPage, ReturnsPage } from "./pages/returns.js";
import { ApiKeysPage } from "./pages/api-keys.js";
import { WebhookEndpointPage, WebhooksPage } from "./pages/webhooks.js";
import { SettingsPage } from "./pages/settings.js";
import { TaxesPage } from "./pages/taxes.js";
import { AccountPage } from "./pages/account.js";
import { StaffMemberPage, StaffPage } from "./pages/staff.js";
import { SignInPage } from "./pages/sign-in.js";
import { PromotionDetailPage, PromotionsPage } from "./pages/promotions.js";
import { GiftCardDetailPage, GiftCardsPage } from "./pages/gift-cards.js";
import { PriceRulesPage } from "./pages/price-rules.js";
import { ShippingPage } from "./pages/shipping.js";
import { SignInLinkPage } from "./pages/sign-in-link.js";
import { SESSION_KEY, useSession, useSessionReset, type Session } from "./session.js";
import "./styles.css";

const queries = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not change by asking again; a dropped connection or a 503 may.
      retry: (failures, error) => failures < 2 && !(error instanceof ApiProblem && error.status < 500),
      refetchOnWindowFocus: false,
    },
  },
});

// An ended session (401 on any read or write) brings the sign-in back.
const sessionEnded = (error: unknown): boolean => error instanceof ApiProblem && error.status === 401;
queries.getQueryCache().subscribe((event) => {
  if (sessionEnded(event.query.state.error) && event.query.queryKey[0] !== SESSION_KEY[0]) void queries.invalidateQueries({ queryKey: SESSION_KEY });
});
queries.getMutationCache().subscribe((event) => {
  if (sessionEnded(event.mutation?.state.error)) void queries.invalidateQueries({ queryKey: SESSION_KEY });
});

const Page = ({ session, onSignedOut }: { session: Session; onSignedOut: () => Promise<void> }) => {
  const { path } = useLocation();
  const order = /^\/admin\/orders\/([^/]+)$/.exec(path);
  if (path === "/admin") return <DashboardPage />;
  if (path === "/admin/orders") return <OrdersPage />;
  if (path === "/admin/audit-log") return <AuditLogPage />;
  if (path === "/admin/customers") return <CustomersPage />;
  if (path === "/admin/products") return <ProductsPage session={session} />;
  if (path === "/admin/import") return <CatalogImportPage />;
  const product = /^\/admin\/products\/([^/]+)$/.exec(path);
  if (product !== null) return <ProductDetailPage key={product[1]} id={decodeURIComponent(product[1]!)} session={session} />;
  if (path === "/admin/returns") return <ReturnsPage />;
  const returned = /^\/admin\/returns\/([^/]+)$/.exec(path);
  if (returned !== null) return <ReturnDetailPage key={returned[1]} id={decodeURIComponent(returned[1]!)} />;
  if (path === "/admin/promotions") return <PromotionsPage session={session} />;
  const promotion = /^\/admin\/promotions\/([^/]+)$/.exec(path);
  if (promotion !== null) return <PromotionDetailPage key={promotion[1]} id={decodeURIComponent(promotion[1]!)} session={session} />;
  if (path === "/admin/gift-cards") return <GiftCardsPage session={session} />;
  const giftCard = /^\/admin\/gift-cards\/([^/]+)$/.exec(path);
  if (giftCard !== null) return <GiftCardDetailPage key={giftCard[1]} id={decodeURIComponent(giftCard[1]!)} session={session} />;
  if (path === "/admin/price-rules") return <PriceRulesPage session={session} />;
  if (path === "/admin/shipping") return <ShippingPage session={session} />;
  if (path === "/admin/webhooks") return <WebhooksPage />;
  const endpoint = /^\/admin\/webhooks\/([^/]+)$/.exec(path);
  if (endpoint !== null) return <WebhookEndpointPage key={endpoint[1]} id={decodeURIComponent(endpoint[1]!)} />;
  if (path === "/admin/api-keys") return <ApiKeysPage />;
  if (path === "/admin/settings") return <SettingsPage />;
  if (path === "/admin/taxes") return <TaxesPage />;
  if (path === "/admin/account") return <AccountPage session={session} onSignedOut={onSignedOut} />;
  if (path === "/admin/staff") return <StaffPage session={session} />;
  const member = /^\/admin\/staff\/([^/]+)$/.exec(path);
  if (member !== null) return <StaffMemberPage key={member[1]} id={decodeURIComponent(member[1]!)} session={session} />;
  if (path === "/admin/inbox") return <InboxPage session={session} />;
  const thread = /^\/admin\/inbox\/([^/]+)$/.exec(path);
  if (thread !== null) return <ThreadPage key={thread[1]} id={decodeURIComponent(thread[1]!)} session={session} />;
  const customer = /^\/admin\/customers\/([^/]+)$/.exec(path);
  if (customer !== null) return <CustomerDetailPage id={decodeURIComponent(customer[1]!)} session={session} />;
  if (order !== null) return <OrderDetailPage id={decodeURIComponent(order[1]!)} session={session} />;
  return (
    <>
      <h1>Page not found</h1>
      <p>There is no back office page at {path}: choose one in the menu.</p>
    </>
  );
};

/** Replaces the address once rendered (navigating while rendering would update other components mid-render). */
const Redirect = ({ to }: { to: string }) => {
  useEffect(() => navigate(to, { replace: true }), [to]);
  return null;
};

const App = () => {
  const session = useSession();
  const reset = useSessionReset();
  // Why the sign-in is shown again: the member signed out, or the session ended by itself.
  const [signedOut, setSignedOut] = useState(false);
  const wasSignedIn = useRef(false);
  if (session.data) wasSignedIn.current = true;
  const signIn = async () => {
    setSignedOut(false);
    await reset();
  };
  const signOut = async () => {
    setSignedOut(true);
    await reset();
  };
  const { path, query } = useLocation();
  const link = path === "/admin/sign-in" ? query.get("link") : null;
  // A one-time link is used even by someone signed in (it may be another member's invitation).
  if (link !== null && link !== "") return <SignInLinkPage token={link} onSignedIn={signIn} />;
  if (session.isPending) return <p className="loading">Loading…</p>;
  if (session.isError) return <Notice kind="error">{explain(session.error)}</Notice>;
  if (session.data === null) {
    const notice = signedOut ? "You are signed out." : wasSignedIn.current ? "Your session has ended (signed out elsewhere, expired or disabled): sign in again." : undefined;
    return <SignInPage onSignedIn={signIn} notice={notice} />;
  }
  if (path === "/admin/sign-in") return <Redirect to="/admin" />;
  return (
    <Layout session={session.data} onSignedOut={signOut}>
      <Page session={session.data} onSignedOut={signOut} />
    </Layout>
  );
};

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queries}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
