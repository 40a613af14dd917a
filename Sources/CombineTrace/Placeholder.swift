// CombineTrace (being built)
