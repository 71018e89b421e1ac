"""Maximum-weight matching (Edmonds' blossom algorithm, networkx's): the one place the tournament rules use it.

networkx is imported at the first matching, not with this module: it takes ~170 ms to import, every web and
worker process imports the tournament rules, and only pairing a Swiss round (or checking one) matches."""

from __future__ import annotations

from collections.abc import Hashable, Iterable


def max_weight_matching(vertices: Iterable[Hashable], edges: Iterable[tuple[Hashable, Hashable, int]]) -> set[tuple]:
    """Among the matchings of most pairs over `edges` (a, b, weight), one of the greatest weight, as pairs of
    vertices. Deterministic: the same vertices and edges, in the same order, give the same matching."""
    import networkx as nx  # noqa: PLC0415 - deferred on purpose, see the module's docstring

    graph = nx.Graph()
    graph.add_nodes_from(vertices)
    graph.add_weighted_edges_from(edges)
    return nx.max_weight_matching(graph, maxcardinality=True)
