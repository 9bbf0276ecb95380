import { describe, expect, it } from 'vitest';
import { airlineMccOfTicket } from './airline-tickets.js';

describe('airlineMccOfTicket', () => {
  it("reads the airline's code at the head of a thirteen-digit ticket number", () => {
    expect(airlineMccOfTicket('UNITED 0162123456789 800-932-2732 TX')).toBe('3000');
    expect(airlineMccOfTicket('SOUTHWES 5262123456789 800-435-9792 TX')).toBe('3066');
  });

  it('reads nothing from numbers of other lengths or codes no airline table holds', () => {
    expect(airlineMccOfTicket('UNITED 016212345678 TX')).toBeNull();
    expect(airlineMccOfTicket('UNITED 01621234567890 TX')).toBeNull();
    expect(airlineMccOfTicket('JOES DINER 9992123456789')).toBeNull();
  });
});
