// Charts drawn for their container's width, and again whenever that width changes (a phone turned, a window resized).

const drawn = new WeakMap<HTMLElement, { draw: (width: number) => string; width: number }>();
const resized = new ResizeObserver((entries) => {
  for (const entry of entries) {
    const box = entry.target as HTMLElement;
    const chart = drawn.get(box);
    // Only a new width redraws: drawing changes the height, which the observer also reports.
    if (!chart || box.clientWidth === 0 || box.clientWidth === chart.width) continue;
    chart.width = box.clientWidth;
    box.innerHTML = chart.draw(chart.width);
  }
});

/** Draws the chart `draw` makes for a width into `box`, now and on every change of the box's width. */
export function fitChart(box: HTMLElement, draw: (width: number) => string): void {
  // Not yet in the page (width 0): the observer draws it again once it is laid out.
  const width = box.clientWidth;
  drawn.set(box, { draw, width });
  box.innerHTML = draw(width || 640);
  resized.observe(box);
}
