// Examples of the customer-account operations (auth-routes.ts), keyed by operationId; ids from
// adapters/http/examples/example-ids.ts.
import { DEMO, LEARNED, SUPPLIED } from "../examples/example-ids.js";
import type { RouteExample } from "../route-definition.js";

export const authExamples = {
  registerCustomer: {
    body: { email: "wanjiku.kamau@example.com", password: "Wanjiku-Example-2026", name: "Wanjiku Kamau", phone: "+254 711 222 333" },
    response: {
      status: 201,
      body: {
        message: "Registered.",
        user: { id: LEARNED.newCustomer, email: "wanjiku.kamau@example.com", email_confirmed: false, created_at: "2026-11-25T18:11:03.505Z" },
        customer: {
          id: LEARNED.newCustomer,
          name: "Wanjiku Kamau",
          email: "wanjiku.kamau@example.com",
          phone: "+254 711 222 333",
          address: null,
          status: "active",
          join_date: "2026-11-25",
          total_purchases: 0,
          last_purchase: null,
          created_at: "2026-11-25T18:11:03.505Z",
          updated_at: "2026-11-25T18:11:03.505Z",
          store_metrics: {
            total_purchases: 0,
            total_spent: 0,
            first_purchase_date: null,
            last_purchase_date: null,
            status: "new",
            preferred_store: "Parisian, Boehm and Kuphal Home & Living",
          },
        },
        session: {
          access_token: LEARNED.newCustomerAccessToken,
          refresh_token: "sf_rt_14dxB89udhKZa4KY6WadcO5qgZZrht7Ycq3xcAL92GuinvRl",
          expires_in: 3600,
          expires_at: 1795633863,
        },
        device_token: "dvc_eyJjIjoiMDFhMjEzZTctNWY5Yi03MDAwLThhYjEtN2JjN2ZkYjBmNzQ5IiwiZCI6IjRYbVpyUTJ2a1RuOEw3cEh3M2RHYVEiLCJlIjoxODExMTg2NjYzfQ.X1vY3mT0rJ2cA8pW4nQe7sLk9bHf6uZo5gDi3yCa0Ew",
        device_token_expires_at: "2027-05-24T18:11:03.505Z",
      },
    },
  },
  changeCustomerPassword: {
    headers: { "x-auth-token": LEARNED.newCustomerAccessToken, "Storefront-Customer-IP": "203.0.113.24" },
    body: { current_password: "Wanjiku-Example-2026", new_password: "Wanjiku-Kilifi-Mangoes-2027" },
    response: { status: 200, body: { message: "Password changed; every other session has ended.", other_sessions_ended: 0 } },
  },
  logIn: {
    headers: { "Storefront-Customer-IP": "203.0.113.24" },
    body: { email: "amina.wanjiru@example.com", password: "Amina-Demo-2026" },
    response: {
      status: 200,
      body: {
        message: "Signed in.",
        user: { id: DEMO.customer, email: "amina.wanjiru@example.com", email_confirmed: false, created_at: "2026-11-25T18:11:00.133Z" },
        customer: {
          id: DEMO.customer,
          name: "Amina Wanjiru",
          email: "amina.wanjiru@example.com",
          phone: "+254 712 345 678",
          address: "14 Riverside Drive, Westlands, Nairobi",
          status: "active",
          join_date: "2026-11-25",
          total_purchases: 6,
          last_purchase: "2026-11-25T18:11:00.913Z",
          created_at: "2026-11-25T18:11:00.133Z",
          updated_at: "2026-11-25T18:11:00.913Z",
          store_metrics: {
            total_purchases: 6,
            total_spent: 374047.92,
            first_purchase_date: "2026-06-18T18:11:00.259Z",
            last_purchase_date: "2026-11-25T18:11:00.913Z",
            status: "active",
            preferred_store: "Parisian, Boehm and Kuphal Home & Living",
          },
        },
        session: { access_token: LEARNED.accessToken, refresh_token: LEARNED.refreshToken, expires_in: 3600, expires_at: 1795633863 },
        device_token: "dvc_eyJjIjoiMDFhMjEzZTctNWY5Yi03MDAwLThhYjEtN2JjN2ZkYjBmNzQ5IiwiZCI6IjRYbVpyUTJ2a1RuOEw3cEh3M2RHYVEiLCJlIjoxODExMTg2NjYzfQ.Q7kA3mT0rJ2cA8pW4nQe7sLk9bHf6uZo5gDi3yCa0Ew",
        device_token_expires_at: "2027-05-24T18:11:03.505Z",
      },
    },
  },
  requestOneTimeCode: {
    body: { email: "brian.otieno@example.com" },
    response: { status: 202, body: { message: "If this email belongs to a customer of the store, a sign-in code is on its way." } },
  },
  verifyOneTimeCode: {
    body: { email: "brian.otieno@example.com", code: SUPPLIED.oneTimeCode },
    response: {
      status: 200,
      body: {
        message: "Signed in with a one-time code.",
        user: {
          id: "01a213e7-601d-7309-b584-cbb5446be4b3",
          email: "brian.otieno@example.com",
          email_confirmed: true,
          created_at: "2026-11-25T18:11:00.253Z",
        },
        customer: {
          id: "01a213e7-601d-7309-b584-cbb5446be4b3",
          name: "Brian Otieno",
          email: "brian.otieno@example.com",
          phone: "+254 722 901 234",
          address: "Oginga Odinga Street 3, Kisumu",
          status: "active",
          join_date: "2026-11-25",
          total_purchases: 1,
          last_purchase: "2025-10-21T18:11:00.259Z",
          created_at: "2026-11-25T18:11:00.253Z",
          updated_at: "2026-11-25T18:11:03.919Z",
          store_metrics: {
            total_purchases: 1,
            total_spent: 8970,
            first_purchase_date: "2025-10-21T18:11:00.259Z",
            last_purchase_date: "2025-10-21T18:11:00.259Z",
            status: "lapsed",
            preferred_store: "Parisian, Boehm and Kuphal Home & Living",
          },
        },
        session: { access_token: LEARNED.codeAccessToken, refresh_token: LEARNED.codeRefreshToken, expires_in: 3600, expires_at: 1795633863 },
        device_token: "dvc_eyJjIjoiMDFhMjEzZTctNWY5Yi03MDAwLThhYjEtN2JjN2ZkYjBmNzQ5IiwiZCI6IjRYbVpyUTJ2a1RuOEw3cEh3M2RHYVEiLCJlIjoxODExMTg2NjYzfQ.Zp3c3mT0rJ2cA8pW4nQe7sLk9bHf6uZo5gDi3yCa0Ew",
        device_token_expires_at: "2027-05-24T18:11:03.919Z",
      },
    },
  },
  refreshSession: {
    body: { refresh_token: LEARNED.codeRefreshToken },
    response: {
      status: 200,
      body: {
        session: { access_token: LEARNED.refreshedAccessToken, refresh_token: LEARNED.refreshedRefreshToken, expires_in: 3600, expires_at: 1795633863 },
      },
    },
  },
  logOut: { headers: { "x-auth-token": LEARNED.refreshedAccessToken }, response: { status: 200, body: { message: "Signed out." } } },
  getCurrentCustomer: {
    headers: { "x-auth-token": LEARNED.accessToken },
    response: {
      status: 200,
      body: {
        user: { id: DEMO.customer, email: "amina.wanjiru@example.com", email_confirmed: false, created_at: "2026-11-25T18:11:00.133Z" },
        customer: {
          id: DEMO.customer,
          name: "Amina Wanjiru",
          email: "amina.wanjiru@example.com",
          phone: "+254 712 345 678",
          address: "14 Riverside Drive, Westlands, Nairobi",
          status: "active",
          join_date: "2026-11-25",
          total_purchases: 6,
          last_purchase: "2026-11-25T18:11:00.913Z",
          created_at: "2026-11-25T18:11:00.133Z",
          updated_at: "2026-11-25T18:11:00.913Z",
          store_metrics: {
            total_purchases: 6,
            total_spent: 374047.92,
            first_purchase_date: "2026-06-18T18:11:00.259Z",
            last_purchase_date: "2026-11-25T18:11:00.913Z",
            status: "active",
            preferred_store: "Parisian, Boehm and Kuphal Home & Living",
          },
        },
      },
    },
  },
} satisfies Record<string, RouteExample>;
