declare module 'gas-local' {
  const gasLocal: {
    /** Runs every file of `folderPath` accepted by `filter` in `vm.createContext(globalObject)`; returns the context. */
    require(
      folderPath: string,
      globalObject?: object,
      options?: { filter?: (path: string) => boolean },
    ): Record<string, unknown>;
  };
  export = gasLocal;
}
