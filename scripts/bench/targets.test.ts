import { describe, expect, it } from "vitest";
import { below, floorVerdict, TARGETS } from "./targets";

describe("floorVerdict", () => {
  it("passes only within the target against both floors", () => {
    expect(floorVerdict(1.2, 1.1)).toBe("pass");
    expect(floorVerdict(1.3, 1.3)).toBe("pass");
    // /index against /'s image floor is fine, against its own text floor it is not
    expect(floorVerdict(1.12, 2.45)).toBe("fail");
    expect(floorVerdict(1.47, 1.29)).toBe("fail");
  });

  it("needs only `/`'s floor where the route has none of its own", () => {
    expect(floorVerdict(1.19, undefined)).toBe("pass");
    expect(floorVerdict(1.31, undefined)).toBe("fail");
  });

  it("fails a missing measurement", () => {
    expect(floorVerdict(null, 1.1)).toBe("fail");
    expect(floorVerdict(1.1, null)).toBe("fail");
  });
});

describe("mobile TBT target", () => {
  it("is under 50 ms", () => {
    expect(TARGETS.mobileTbtBelowMs).toBe(50);
    expect(below(49.9, TARGETS.mobileTbtBelowMs)).toBe("pass");
    expect(below(50, TARGETS.mobileTbtBelowMs)).toBe("fail");
  });
});
