// CombineTraceCore (being built)
