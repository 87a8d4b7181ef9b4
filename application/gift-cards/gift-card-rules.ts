// The checks a gift card's settings pass before the rules see them, as 400s naming the parameter:
// a real calendar expiry date, a usage cap of at most two decimals, a customer of the store.
import { isCalendarDate, usageBasisPoints } from "../../domain/gift-cards/gift-card.js";
import { ParameterInvalid } from "../errors/request-errors.js";
import type { CustomerRepository } from "../ports/customer-repository.js";

/** `notBefore` (YYYY-MM-DD) refuses a date already past: a new card issued expired is a mistake. */
export const checkExpiryDate = (expiryDate: string | null, notBefore: string | null): void => {
  if (expiryDate === null) return;
  if (!isCalendarDate(expiryDate)) throw new ParameterInvalid({ param: "expiry_date", message: "expiry_date is not a calendar date" });
  if (notBefore !== null && expiryDate < notBefore) {
    throw new ParameterInvalid({ param: "expiry_date", message: `expiry_date must not be before today (${notBefore})` });
  }
};

export const checkUsagePercentage = (percentage: number | null): void => {
  if (usageBasisPoints(percentage) === null) {
    throw new ParameterInvalid({
      param: "maximum_usage_percentage",
      message: "maximum_usage_percentage must be from 0 to 100 with at most two decimals",
    });
  }
};

export const checkCustomer = async (customers: CustomerRepository, storeId: string, customerId: string): Promise<void> => {
  if ((await customers.findById(storeId, customerId)) === undefined) {
    throw new ParameterInvalid({ param: "customer_id", message: "customer_id names no customer of this store" });
  }
};
