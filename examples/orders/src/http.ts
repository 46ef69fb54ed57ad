// The HTTP surface: a plain array, one route per operation, and the status of each declared
// error code. agentix/http maps request -> input (JSON body or query, plus path parameters)
// and outcome -> response; a success is 201 for POST unless the route says otherwise.
import { route } from "agentix/http";

export const routes = [
  route("POST", "/customers", "customers.register"),
  route("GET", "/customers/:customerId", "customers.get"),
  route("POST", "/customers/:customerId/suspend", "customers.suspend", { status: 200 }),
  route("POST", "/customers/:customerId/reactivate", "customers.reactivate", { status: 200 }),

  route("POST", "/products", "products.create"),
  route("GET", "/products/:productId", "products.get"),
  route("POST", "/products/:productId/restock", "products.restock", { status: 200 }),

  route("POST", "/orders", "orders.create"),
  route("GET", "/orders/:orderId", "orders.get"),
  route("POST", "/orders/:orderId/payment", "orders.pay", { status: 200 }),
  route("POST", "/orders/:orderId/cancel", "orders.cancel", { status: 200 }),

  route("GET", "/payments/:paymentId", "payments.get"),
];

/** Declared error codes -> status; every operation uses these codes with one meaning. */
export const errorStatus = {
  // The resource named by the path does not exist.
  NOT_FOUND: 404,
  // Something the request body refers to does not exist.
  CUSTOMER_NOT_FOUND: 422,
  PRODUCT_NOT_FOUND: 422,
  // The request conflicts with the current state.
  EMAIL_TAKEN: 409,
  CUSTOMER_SUSPENDED: 409,
  OUT_OF_STOCK: 409,
  ORDER_NOT_PENDING: 409,
  // The card was declined; the order is unchanged.
  PAYMENT_DECLINED: 402,
} as const;
