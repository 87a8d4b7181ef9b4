// Turns the pure cart rules' errors into the API's errors: too few in stock is a 409, a line
// that is not in the cart a 404.
import { ParameterInvalid } from "../errors/request-errors.js";
import { ResourceConflict, ResourceMissing } from "../errors/resource-errors.js";
import type { CartError } from "../../domain/cart/cart.js";

export const cartErrorToApi = (error: CartError): Error => {
  switch (error._tag) {
    case "InsufficientStock":
      return new ResourceConflict({
        code: "insufficient_stock",
        param: "quantity",
        message: `Only ${error.available} in stock; the cart would hold ${error.requested}.`,
      });
    case "CartLineMissing":
      return new ResourceMissing({ resource: "cart_item", message: "No such item in this cart." });
    case "InvalidQuantity":
      return new ParameterInvalid({ param: "quantity", message: "quantity must be an integer of 1 or more" });
  }
};
