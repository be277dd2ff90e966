// --- features/watch_network: a small sort's network and bars, drawn as the desktop draws them. ---
import { $ } from '../ui/dom.js';

// A small sort drawn as the desktop draws it: a wire per element (its colour, luma and original
// place), a column per pass with its comparators (the arrow where the larger goes; done blue,
// the pass shown yellow), and the elements as bars by luma. `pass`: the pass shown.
export function showNetwork(pass) {
  const net = window.texsort.watch.network(), diagram = $('watch-network'), bars = $('watch-bars');
  diagram.hidden = bars.hidden = !net;
  if (!net) return;
  const gap = net.n > 32 ? 12 : 18, label = 70, columnWidth = (col) => (Math.max(0, ...col.map((c) => c.lane)) + 1) * 5 + 12;
  diagram.width = label + net.columns.reduce((w, col) => w + columnWidth(col), 0) + 10;
  diagram.height = net.n * gap + 10;
  const g = diagram.getContext('2d'), wireY = (i) => 5 + i * gap;
  g.fillStyle = '#16171b';
  g.fillRect(0, 0, diagram.width, diagram.height);
  g.font = '11px system-ui, sans-serif';
  net.wires.forEach((wire, i) => {
    g.fillStyle = wire.rgb;
    g.fillRect(0, wireY(i) - 5, 10, 10);
    g.fillStyle = '#dcdcdc';
    g.fillText(wire.index === null ? 'pad' : `${wire.luma} #${wire.index}`, 14, wireY(i) + 4);
    g.fillStyle = '#6e6e78';
    g.fillRect(label, wireY(i), diagram.width - label, 1);
  });
  let x = label;
  net.columns.forEach((col, k) => {
    const current = k + 1 === pass;
    if (current) { g.fillStyle = 'rgba(255,255,255,0.12)'; g.fillRect(x, 0, columnWidth(col) - 4, diagram.height); }
    g.strokeStyle = g.fillStyle = current ? '#ffdc50' : k < pass ? '#8cb4ff' : '#5a5a6e';
    for (const c of col) {
      const cx = x + 4 + c.lane * 5, [from, to] = c.up ? [wireY(c.low), wireY(c.high)] : [wireY(c.high), wireY(c.low)];
      g.beginPath(); g.moveTo(cx, from); g.lineTo(cx, to); g.stroke();
      const dir = to > from ? 1 : -1;
      g.beginPath(); g.moveTo(cx, to); g.lineTo(cx - 3, to - 6 * dir); g.lineTo(cx + 3, to - 6 * dir); g.fill();
    }
    x += columnWidth(col);
  });
  [bars.width, bars.height] = [net.n * 8, 120];
  const b = bars.getContext('2d');
  b.fillStyle = '#0d0e11';
  b.fillRect(0, 0, bars.width, bars.height);
  net.wires.forEach((wire, i) => {
    const h = wire.index === null ? bars.height : Math.max(1, (wire.luma / 255) * bars.height);
    b.fillStyle = wire.index === null ? '#464646' : wire.rgb;
    b.fillRect(i * 8, bars.height - h, 7, h);
  });
}
