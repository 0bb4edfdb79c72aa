// Middlegame positions of every size, for the checks that stop searches.
export const MIDDLEGAMES = {
  3: "2,x,1/x,1,2/x3 1 3",
  4: "x4/1,x,1,1/2,21,2,2/x4 1 6",
  5: "2,x4/x3,211C,x/x2,1S,2,x/2C,x,1,2S,x/2S,1,x,1S,1 2 10",
  6: "2,1S,2,2,2,x/x2,212S,1,221C,x/1,12,x,1,2,1/x2,1,2,112C,x/x2,1,2,1,x/x3,1,21,x 1 21",
  7: "x3,2,2,1,x/2,2C,2,2,x3/x7/x2,1C,2C,x3/x2,1,1,2,2,x/1,1,1C,1,2,112,1/x4,1,1,x 1 14",
  8: "x2,1,x4,2S/x3,2C,2,x3/x8/x2,1C,x,2,1C,1,x/2,2,x3,2C,1,2/x,2,x6/x,1S,x,2,11121,2,x2/x4,2S,x,1S,x 1 24",
};
