// The senders are woken after a committed page that wrote work items, once, and told whether one
// of them was urgent; a page that wrote none wakes nobody.
import { describe, expect, it } from 'vitest';
import { WrittenItems } from '../../api/reactors/writtenItems.js';

describe('WrittenItems', () => {
  it('wakes once per committed page that wrote items, urgent when one of them was', () => {
    const woken: boolean[] = [];
    const items = new WrittenItems((urgent) => woken.push(urgent));
    items.committed();
    expect(woken).toEqual([]);
    items.add();
    items.add(true);
    items.add();
    expect(woken).toEqual([]);
    items.committed();
    items.committed();
    expect(woken).toEqual([true]);
    items.add();
    items.committed();
    expect(woken).toEqual([true, false]);
  });
});
