/**
 * A results message as a lab returns it for one of our orders: with OBR-18 (placer field 1) set on
 * each OBR to what our order message sent there, the order's partner id. For messages made
 * elsewhere (a lab's sample message, the tests' and the bench's fixtures); the simulator's own
 * results carry it already.
 */
export const withPlacerField1 = (text: string, value: string): string =>
  text.replace(/^OBR\|.*$/gm, (segment) => {
    const fields = segment.split('|');
    while (fields.length < 19) fields.push('');
    fields[18] = value;
    return fields.join('|');
  });
