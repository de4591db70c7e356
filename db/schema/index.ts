/** The one Drizzle schema of the shop; every table is exported from here. */
export * from "./meta";
export * from "./content";
export * from "./customers";
export * from "./catalogue";
export * from "./cart";
export * from "./rum";
export * from "./toolbox";
export * from "./admin";
export * from "./invoices";
export * from "./studioPhotos";
export * from "./orders";
export * from "./studio";
export * from "./recommendations";
export * from "./wishlist";
