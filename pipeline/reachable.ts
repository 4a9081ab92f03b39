/** `start` and everything reachable from it by `next`, each once, whatever cycles the graph has. */
export function reachable<Node>(start: Node, next: (node: Node) => Iterable<Node>): Set<Node> {
  const found = new Set<Node>();
  const stack = [start];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (found.has(node)) continue;
    found.add(node);
    stack.push(...next(node));
  }
  return found;
}
