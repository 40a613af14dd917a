// CombineStandIn (being built)
