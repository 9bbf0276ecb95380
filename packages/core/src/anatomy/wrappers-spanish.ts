/**
 * Bank wrappers in Spanish, as Puerto Rico's, Mexico's and Spain's banks word them: a purchase (`COMPRA`, Spain's
 * `COMPRA TARJ. 1234` and `PAGO EN`), a bill paid (`PAGO DE SERVICIO`), a direct debit (`DOMICILIACION`, Spain's
 * `RECIBO`), a transfer (`SPEI ENVIADO`, `TRANSFERENCIA`, `TRASPASO`), Spain's Bizum between people, a deposit of
 * pay (`DEPOSITO DE NOMINA`, `ABONO NOMINA`). Lines reach the anatomy upper case and without accents.
 * The merchants in the examples are made up.
 */
import type { WrapperRule } from './wrapper-rule.js';

/** Leading Spanish wrappers, each anchored and ending before the name. */
export const leadingWrappersSpanish: readonly WrapperRule[] = [
  {
    // A purchase by card: `COMPRA POS <merchant>`, `COMPRA ATH <merchant>`, `COMPRA TARJETA <merchant>`, Spain's
    // `COMPRA TARJ. 1234 <merchant>` with the card's last digits.
    id: 'wrapper.compra',
    pattern:
      /^COMPRA(?: (?:POS|ATH|EN LINEA|CON TARJETA|TARJETA(?: DE DEBITO| DEBITO)?|TARJ\.?|DEBITO|INTERNACIONAL))?(?: [X*]*\d{4}[X*]*\d*)?(?: ?-)? (?=[A-Z0-9])/,
    yields: { via: 'card' },
    examples: [
      {
        line: 'COMPRA POS PANADERIA LA ESPIGA SAN JUAN PR',
        expect: { name: 'PANADERIA LA ESPIGA', region: 'PR' },
      },
      { line: 'COMPRA TARJETA TAQUERIA EL FOGON', expect: { name: 'TAQUERIA EL FOGON' } },
      { line: 'COMPRA TARJ. 1234 PANADERIA LA ESPIGA', expect: { name: 'PANADERIA LA ESPIGA' } },
    ],
  },
  {
    // Spain's card payment (`Pago en <merchant>`), and its return (`Devolucion tarjeta <merchant>`).
    id: 'wrapper.pago-en',
    pattern: /^(?:PAGO (?:CON TARJETA )?EN|DEVOLUCION (?:TARJETA|COMPRA)(?: EN)?)(?: ?-)? (?=[A-Z0-9])/,
    yields: { via: 'card' },
    examples: [
      {
        line: 'Pago en Panaderia La Espiga',
        expect: { name: 'PANADERIA LA ESPIGA', wrapper: 'wrapper.pago-en' },
      },
      { line: 'Devolución Tarjeta Panaderia La Espiga', expect: { name: 'PANADERIA LA ESPIGA' } },
    ],
  },
  {
    // A bill paid from the account, or a direct debit: `PAGO DE SERVICIO <biller>`, `DOMICILIACION <biller>`,
    // Spain's `RECIBO <biller>`.
    id: 'wrapper.pago-servicio',
    pattern: /^(?:PAGO (?:DE )?(?:SERVICIOS?|FACTURA|RECIBO)|DOMICILIACION|RECIBO)(?: ?-)? (?=[A-Z0-9])/,
    yields: { via: 'bill-pay' },
    examples: [
      { line: 'PAGO DE SERVICIO AGUAS DEL VALLE', expect: { name: 'AGUAS DEL VALLE' } },
      { line: 'RECIBO AGUAS DEL VALLE', expect: { name: 'AGUAS DEL VALLE' } },
    ],
  },
  {
    // A transfer: Mexico's SPEI (`SPEI ENVIADO <bank>`, `SPEI RECIBIDO <sender>`), `TRANSFERENCIA A`, `TRASPASO`.
    id: 'wrapper.transferencia',
    pattern:
      /^(?:SPEI|TRANSFERENCIA|TRASPASO)(?: (?:ENVIADO|ENVIADA|EMITIDO|EMITIDA|RECIBIDO|RECIBIDA|INTERBANCARIA|ELECTRONICA))?(?: (?:A|DE|DESDE))?(?: ?-)? (?=[A-Z0-9])/,
    yields: { via: 'transfer' },
    examples: [
      { line: 'TRANSFERENCIA A LUCIA HERNANDEZ', expect: { name: 'LUCIA HERNANDEZ' } },
      // Spain's `Transferencia emitida a <party>`.
      { line: 'Transferencia emitida a Lucia Hernandez', expect: { name: 'LUCIA HERNANDEZ' } },
    ],
  },
  {
    // Spain's instant payments between people: `BIZUM ENVIADO A <person>`, `BIZUM RECIBIDO DE <person>`.
    id: 'wrapper.bizum',
    pattern: /^BIZUM(?: (?:ENVIADO|RECIBIDO|DE|A))*(?: ?[:-])? (?=[A-Z])/,
    yields: { via: 'p2p' },
    examples: [
      { line: 'BIZUM ENVIADO A LUCIA GARCIA', expect: { name: 'LUCIA GARCIA', wrapper: 'wrapper.bizum' } },
    ],
  },
  {
    // A deposit of pay: `DEPOSITO DE NOMINA <employer>`, `DEPOSITO NOMINA <employer>`, Spain's `ABONO NOMINA`.
    id: 'wrapper.deposito-nomina',
    pattern:
      /^(?:(?:DEPOSITO|ABONO|TRANSFERENCIA) (?:DE )?NOMINA|NOMINA RECIBIDA(?: DE)?)(?: ?-)? (?=[A-Z0-9])/,
    yields: { via: 'ach' },
    examples: [
      { line: 'DEPOSITO DE NOMINA TALLERES DEL NORTE', expect: { name: 'TALLERES DEL NORTE' } },
      // Spain's `Nomina recibida <employer>`.
      { line: 'Nomina recibida Talleres del Norte', expect: { name: 'TALLERES DEL NORTE' } },
    ],
  },
];
