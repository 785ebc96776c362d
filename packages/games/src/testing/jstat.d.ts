// The part of jstat (no bundled types) the statistics helpers use.
declare module 'jstat' {
  const jStat: {
    chisquare: { cdf(x: number, dof: number): number; inv(p: number, dof: number): number };
    normal: { inv(p: number, mean: number, sd: number): number };
  };
  export default jStat;
}
