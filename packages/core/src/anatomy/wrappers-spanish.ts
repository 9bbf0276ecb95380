/**
 * Bank wrappers in Spanish, as Puerto Rico's banks and Mexico's word them: a purchase (`COMPRA`), a bill paid
 * (`PAGO DE SERVICIO`), a direct debit (`DOMICILIACION`), a transfer (`SPEI ENVIADO`, `TRANSFERENCIA`,
 * `TRASPASO`), a deposit of pay (`DEPOSITO DE NOMINA`). Lines reach the anatomy upper case and without accents.
 * The merchants in the examples are made up.
 */
import type { WrapperRule } from './wrapper-rule.js';

/** Leading Spanish wrappers, each anchored and ending before the name. */
export const leadingWrappersSpanish: readonly WrapperRule[] = [
  {
    // A purchase by card: `COMPRA POS <merchant>`, `COMPRA ATH <merchant>`, `COMPRA TARJETA <merchant>`.
    id: 'wrapper.compra',
    pattern:
      /^COMPRA(?: (?:POS|ATH|EN LINEA|CON TARJETA|TARJETA(?: DE DEBITO| DEBITO)?|DEBITO|INTERNACIONAL))?(?: ?-)? (?=[A-Z0-9])/,
    yields: { via: 'card' },
    examples: [
      {
        line: 'COMPRA POS PANADERIA LA ESPIGA SAN JUAN PR',
        expect: { name: 'PANADERIA LA ESPIGA', region: 'PR' },
      },
      { line: 'COMPRA TARJETA TAQUERIA EL FOGON', expect: { name: 'TAQUERIA EL FOGON' } },
    ],
  },
  {
    // A bill paid from the account, or a direct debit: `PAGO DE SERVICIO <biller>`, `DOMICILIACION <biller>`.
    id: 'wrapper.pago-servicio',
    pattern: /^(?:PAGO (?:DE )?(?:SERVICIOS?|FACTURA|RECIBO)|DOMICILIACION)(?: ?-)? (?=[A-Z0-9])/,
    yields: { via: 'bill-pay' },
    examples: [{ line: 'PAGO DE SERVICIO AGUAS DEL VALLE', expect: { name: 'AGUAS DEL VALLE' } }],
  },
  {
    // A transfer: Mexico's SPEI (`SPEI ENVIADO <bank>`, `SPEI RECIBIDO <sender>`), `TRANSFERENCIA A`, `TRASPASO`.
    id: 'wrapper.transferencia',
    pattern:
      /^(?:SPEI|TRANSFERENCIA|TRASPASO)(?: (?:ENVIADO|ENVIADA|RECIBIDO|RECIBIDA|INTERBANCARIA|ELECTRONICA))?(?: (?:A|DE|DESDE))?(?: ?-)? (?=[A-Z0-9])/,
    yields: { via: 'transfer' },
    examples: [{ line: 'TRANSFERENCIA A LUCIA HERNANDEZ', expect: { name: 'LUCIA HERNANDEZ' } }],
  },
  {
    // A deposit of pay: `DEPOSITO DE NOMINA <employer>`, `DEPOSITO NOMINA <employer>`.
    id: 'wrapper.deposito-nomina',
    pattern: /^DEPOSITO (?:DE )?NOMINA(?: ?-)? (?=[A-Z0-9])/,
    yields: { via: 'ach' },
    examples: [{ line: 'DEPOSITO DE NOMINA TALLERES DEL NORTE', expect: { name: 'TALLERES DEL NORTE' } }],
  },
];
