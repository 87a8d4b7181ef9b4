// knex's own factory of knex objects over a client, which its transactions use for their bound
// clients (see Database.bind). Not in knex's typings; the module exports the function itself.
declare module "knex/lib/knex-builder/make-knex.js" {
  const makeKnex: (client: unknown) => unknown;
  export default makeKnex;
}
