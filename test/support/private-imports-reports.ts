// Expected reports of agentix/no-private-imports in RuleTester cases on the eslint-plugin
// fixture project, shared by its test files.

/** The data of a report of src/features/orders/model.ts imported from outside every feature. */
export const ordersModelFromOutside = {
  file: "src/features/orders/model.ts",
  feature: "orders",
  allowed:
    "its public entry src/features/orders/contract.ts or its descriptor src/features/orders/feature.ts",
  there: "one of those",
};

/** The data of a report of another file of feature "orders" imported from feature "customers". */
export const ordersFileFromCustomers = (file: string) => ({
  file,
  feature: "orders",
  entry: "src/features/orders/contract.ts",
  importer: "customers",
});

/** The data of a report of src/features/orders/model.ts imported from feature "customers". */
export const ordersModelFromCustomers = ordersFileFromCustomers("src/features/orders/model.ts");
