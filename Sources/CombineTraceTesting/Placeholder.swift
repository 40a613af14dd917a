// CombineTraceTesting (being built)
