#!/usr/bin/python3
"""Writes tests/unit/fixtures/bond-quantlib.json: reference values for the bond
calculator computed by QuantLib, an independent implementation.

Run by hand after changing the cases (CI only reads the committed JSON):
    /usr/bin/python3 scripts/quantlib/make-fixtures.py
For a wider check, more random bonds into another file, which the unit test
reads when QUANTLIB_FIXTURE names it:
    /usr/bin/python3 scripts/quantlib/make-fixtures.py 14000 /tmp/bond-quantlib-14000.json
    QUANTLIB_FIXTURE=/tmp/bond-quantlib-14000.json npx vitest run tests/unit/bond-math-quantlib.test.ts
Needs the QuantLib Python module (Debian: apt-get install quantlib-python).

Conventions, chosen to match what the calculator promises:
- Coupon dates: QuantLib's Schedule, backward from maturity, NullCalendar,
  Unadjusted, end-of-month on (a month-end maturity pays on month ends).
- "30/360 US": Thirty360(BondBasis), the rule FINRA Rule 11620(b) gives for US
  corporate bonds (a 31st is the 30th; no special February rule).
  QuantLib's Thirty360(USA) adds a February rule and is not used.
- "Actual/Actual ICMA": ActualActual(ISMA, regular schedule): each period's
  fraction is counted against the bond's regular coupon periods, every date
  counted back from maturity (the ICMA rule). Given the bond's own schedule
  instead, QuantLib 1.29 makes up its reference periods and errs where the
  calculator follows the rule: a lone irregular period (a short first period
  that is also the last, or a call before the next coupon date) is taken for
  both a short first and a short last one; and, for a maturity on the 29th
  or 30th, a quasi-coupon date stepped from a coupon date on a month's last
  day lands on a month's end (31 January for a bond paying on the 30th).
- Prices: FixedRateBond.cleanPrice(y, dc, Compounded, f, settlement); yields:
  BondFunctions.bondYield; durations: BondFunctions.duration (Macaulay and
  Modified); convexity: BondFunctions.convexity; accrued: accruedAmount.
- DV01: the dirty price at y − 1 bp minus the dirty price at y, both from QuantLib.
- Yield to call: the yield of the same bond cut at the call date and redeemed
  there at the call price (the part coupon is paid when the call date falls
  between coupon dates).

Besides the hand-picked cases, RANDOM_CASES bonds drawn with a fixed seed
(every day count and frequency, month-ends, short first periods, calls on and
between coupon dates, yields from -2% to 40%, prices from 20 to 150), stored
without their cash flows to keep the file small. A bond QuantLib cannot solve,
or whose yield falls outside the calculator's -50%..100%, is drawn again.
"""

import calendar
import datetime as dt
import json
import pathlib
import random
import sys

import QuantLib as ql

FREQ = {"annual": ql.Annual, "semi-annual": ql.Semiannual, "quarterly": ql.Quarterly, "monthly": ql.Monthly}
MONTHS = {"annual": 12, "semi-annual": 6, "quarterly": 3, "monthly": 1}


def qdate(iso):
    y, m, d = (int(x) for x in iso.split("-"))
    return ql.Date(d, m, y)


def iso(date):
    return f"{date.year():04d}-{date.month():02d}-{date.dayOfMonth():02d}"


def regular_dates(settle, maturity, frequency):
    """The regular coupon dates counted back from maturity, from well before settlement to maturity."""
    tenor = ql.Period(MONTHS[frequency], ql.Months)
    # A schedule starting well before settlement, so every regular date near it is generated; its first date is
    # that start, not a coupon date.
    early = settle - ql.Period(25, ql.Months)
    return list(ql.Schedule(early, maturity, tenor, ql.NullCalendar(), ql.Unadjusted, ql.Unadjusted,
                            ql.DateGeneration.Backward, True))[1:]


def make_bond(case, end=None, redemption=None):
    settle = qdate(case["settlement"])
    maturity = qdate(case["maturity"])
    tenor = ql.Period(MONTHS[case["frequency"]], ql.Months)
    regular = regular_dates(settle, maturity, case["frequency"])
    reference = ql.Schedule(ql.DateVector(regular), ql.NullCalendar(), ql.Unadjusted, ql.Unadjusted, tenor,
                            ql.DateGeneration.Backward, True, ql.BoolVector([True] * (len(regular) - 1)))
    start = max(i for i, d in enumerate(regular) if d <= settle)
    dates = regular[start:]
    regular_flags = [True] * (len(dates) - 1)
    if case.get("issue") and qdate(case["issue"]) > dates[0]:
        dates[0] = qdate(case["issue"])
        regular_flags[0] = False
    if end is not None:
        kept = [d for d in dates if d < end]
        on_date = end in dates
        dates = kept + [end]
        regular_flags = regular_flags[: len(dates) - 1]
        if not on_date:
            regular_flags[-1] = False
    schedule = ql.Schedule(ql.DateVector(dates), ql.NullCalendar(), ql.Unadjusted, ql.Unadjusted, tenor,
                           ql.DateGeneration.Backward, True, ql.BoolVector(regular_flags))
    basis = case["basis"]
    if basis == "30-360":
        dc = ql.Thirty360(ql.Thirty360.BondBasis)
    elif basis == "act-act":
        dc = ql.ActualActual(ql.ActualActual.ISMA, reference)
    elif basis == "act-365":
        dc = ql.Actual365Fixed()
    else:
        dc = ql.Actual360()
    bond = ql.FixedRateBond(0, 100.0, schedule, [case["coupon"] / 100], dc, ql.Unadjusted,
                            redemption if redemption is not None else case["redemption"])
    return bond, dc


def compute(case):
    settle = qdate(case["settlement"])
    ql.Settings.instance().evaluationDate = settle
    bond, dc = make_bond(case)
    freq = FREQ[case["frequency"]]
    if "yield" in case:
        y = case["yield"] / 100
        clean = bond.cleanPrice(y, dc, ql.Compounded, freq, settle)
    else:
        clean = case["price"]
        y = ql.BondFunctions.bondYield(bond, clean, dc, ql.Compounded, freq, settle, 1e-14, 1000, 0.05)
    rate = ql.InterestRate(y, dc, ql.Compounded, freq)
    down = ql.InterestRate(y - 0.0001, dc, ql.Compounded, freq)
    accrued = bond.accruedAmount(settle)
    dirty = bond.dirtyPrice(y, dc, ql.Compounded, freq, settle)
    flows = [cf for cf in bond.cashflows() if cf.date() > settle]
    coupons = [cf for cf in flows if ql.as_coupon(cf) is not None]
    out = {
        "cleanPrice": clean,
        "accrued": accrued,
        "dirtyPrice": dirty,
        "yield": y * 100,
        "macaulay": ql.BondFunctions.duration(bond, rate, ql.Duration.Macaulay, settle),
        "modified": ql.BondFunctions.duration(bond, rate, ql.Duration.Modified, settle),
        "convexity": ql.BondFunctions.convexity(bond, rate, settle),
        "dv01": bond.dirtyPrice(down.rate(), dc, ql.Compounded, freq, settle) - dirty,
        # The exact repricing for a 1-point rise and fall in yield, as % changes of the dirty price.
        "changeUp": 100 * (bond.dirtyPrice(y + 0.01, dc, ql.Compounded, freq, settle) / dirty - 1),
        "changeDown": 100 * (bond.dirtyPrice(y - 0.01, dc, ql.Compounded, freq, settle) / dirty - 1),
        "nextCoupon": iso(coupons[0].date()),
        "couponsRemaining": len(coupons),
        "daysAccrued": ql.BondFunctions.accruedDays(bond, settle),
        "flows": [{"date": iso(cf.date()), "amount": cf.amount()} for cf in flows],
    }
    if "call" in case:
        call = case["call"]
        to_call, _ = make_bond(case, end=qdate(call["date"]), redemption=call["price"])
        out["yieldToCall"] = 100 * ql.BondFunctions.bondYield(to_call, clean, dc, ql.Compounded, freq, settle,
                                                              1e-14, 1000, 0.05)
    return out


def cases():
    # The pages' example bonds settle on Monday 16 March 2026: a business day, as a real settlement is.
    base = {"settlement": "2026-03-16", "maturity": "2034-09-01", "redemption": 100}
    out = []
    # Every day count with every frequency, at a discount, at par and at a premium.
    for basis in ("30-360", "act-act", "act-365", "act-360"):
        for frequency in FREQ:
            for label, y in (("discount", 6.25), ("par", 4.75), ("premium", 3.1)):
                out.append({"name": f"{basis} {frequency} {label}", **base, "coupon": 4.75,
                            "frequency": frequency, "basis": basis, "yield": y})
    # Yield from a clean price, for each day count (the page's worked example).
    for basis in ("30-360", "act-act", "act-365", "act-360"):
        out.append({"name": f"{basis} yield from price 98.5", **base, "coupon": 4.75, "frequency": "semi-annual",
                    "basis": basis, "price": 98.5})
    more = [
        {"name": "seven-year 5% at 5%", "settlement": "2026-03-16", "maturity": "2033-03-16", "coupon": 5,
         "frequency": "semi-annual", "basis": "30-360", "yield": 5},
        {"name": "zero coupon", "settlement": "2026-03-15", "maturity": "2036-06-30", "coupon": 0,
         "frequency": "semi-annual", "basis": "30-360", "yield": 4.2},
        {"name": "zero coupon act-act annual", "settlement": "2026-05-20", "maturity": "2031-11-15", "coupon": 0,
         "frequency": "annual", "basis": "act-act", "yield": 3.5},
        {"name": "deep discount", "settlement": "2026-03-15", "maturity": "2055-02-15", "coupon": 1,
         "frequency": "semi-annual", "basis": "30-360", "yield": 15},
        {"name": "deep discount from price", "settlement": "2026-03-15", "maturity": "2045-10-01", "coupon": 2,
         "frequency": "semi-annual", "basis": "act-act", "price": 42.125},
        {"name": "distressed 40%", "settlement": "2026-07-07", "maturity": "2029-12-15", "coupon": 8,
         "frequency": "quarterly", "basis": "30-360", "yield": 40},
        {"name": "negative yield", "settlement": "2026-03-15", "maturity": "2030-06-15", "coupon": 0.5,
         "frequency": "annual", "basis": "act-act", "yield": -0.75},
        {"name": "short first period 30/360", "settlement": "2026-04-20", "maturity": "2031-09-15",
         "issue": "2026-04-02", "coupon": 5.5, "frequency": "semi-annual", "basis": "30-360", "yield": 5.1},
        {"name": "short first period act-act", "settlement": "2026-04-20", "maturity": "2031-09-15",
         "issue": "2026-04-02", "coupon": 5.5, "frequency": "semi-annual", "basis": "act-act", "yield": 5.1},
        {"name": "short first period act-360 quarterly", "settlement": "2026-05-01", "maturity": "2029-06-15",
         "issue": "2026-04-10", "coupon": 6, "frequency": "quarterly", "basis": "act-360", "yield": 6.4},
        {"name": "settlement on a coupon date", "settlement": "2026-09-01", "maturity": "2034-09-01",
         "coupon": 4.75, "frequency": "semi-annual", "basis": "30-360", "yield": 5.2},
        {"name": "settlement the day before a coupon date", "settlement": "2026-08-31", "maturity": "2034-09-01",
         "coupon": 4.75, "frequency": "semi-annual", "basis": "30-360", "yield": 5.2},
        {"name": "act-act on a coupon date", "settlement": "2026-09-01", "maturity": "2034-09-01",
         "coupon": 4.75, "frequency": "semi-annual", "basis": "act-act", "yield": 5.2},
        {"name": "act-act the day before a coupon date", "settlement": "2026-08-31", "maturity": "2034-09-01",
         "coupon": 4.75, "frequency": "semi-annual", "basis": "act-act", "yield": 5.2},
        {"name": "month-end maturity 31 Aug", "settlement": "2026-03-15", "maturity": "2031-08-31",
         "coupon": 3.875, "frequency": "semi-annual", "basis": "30-360", "yield": 4.4},
        {"name": "month-end maturity February, act-act", "settlement": "2027-10-30", "maturity": "2033-02-28",
         "coupon": 4.5, "frequency": "semi-annual", "basis": "act-act", "yield": 4.0},
        {"name": "month-end maturity 30 June, 30/360 quarterly", "settlement": "2026-03-31",
         "maturity": "2036-06-30", "coupon": 6.125, "frequency": "quarterly", "basis": "30-360", "yield": 5.0},
        {"name": "31st settlement 30/360", "settlement": "2026-01-31", "maturity": "2029-07-30", "coupon": 7,
         "frequency": "semi-annual", "basis": "30-360", "yield": 6.5},
        {"name": "ten days to maturity", "settlement": "2026-08-22", "maturity": "2026-09-01", "coupon": 4.75,
         "frequency": "semi-annual", "basis": "30-360", "yield": 4.3},
        {"name": "long monthly", "settlement": "2026-03-15", "maturity": "2056-03-15", "coupon": 5,
         "frequency": "monthly", "basis": "act-365", "yield": 5.5},
        {"name": "redemption above par", "settlement": "2026-03-15", "maturity": "2030-12-01", "coupon": 3,
         "frequency": "semi-annual", "basis": "30-360", "redemption": 102, "yield": 4},
        {"name": "callable premium, call on a coupon date", **base, "coupon": 6.5, "frequency": "semi-annual",
         "basis": "30-360", "price": 108.25, "call": {"date": "2029-09-01", "price": 101}},
        {"name": "callable discount, call on a coupon date", **base, "coupon": 4.75, "frequency": "semi-annual",
         "basis": "30-360", "price": 98.5, "call": {"date": "2029-09-01", "price": 100}},
        {"name": "callable, call between coupon dates", **base, "coupon": 6.5, "frequency": "semi-annual",
         "basis": "30-360", "yield": 4.9, "call": {"date": "2030-06-15", "price": 100}},
        {"name": "callable act-act quarterly", **base, "coupon": 7, "frequency": "quarterly",
         "basis": "act-act", "yield": 5.5, "call": {"date": "2028-03-01", "price": 102}},
    ]
    for case in more:
        case.setdefault("redemption", 100)
        out.append(case)
    return out


RANDOM_CASES = 300
RANDOM_SEED = 20260316


def add_months(date, months):
    year, month = divmod(date.year * 12 + date.month - 1 + months, 12)
    return with_day(dt.date(year, month + 1, 1), date.day)


def with_day(date, day):
    return date.replace(day=min(day, calendar.monthrange(date.year, date.month)[1]))


def coupon_dates(maturity, frequency, settle):
    """The regular coupon dates from the last one on or before settlement to maturity."""
    regular = [dt.date(d.year(), d.month(), d.dayOfMonth())
               for d in regular_dates(qdate(settle.isoformat()), qdate(maturity.isoformat()), frequency)]
    return [d for d in regular if d >= max(d for d in regular if d <= settle)]


def draw(rng, number):
    """One random bond within the calculator form's limits."""
    frequency = rng.choice(list(FREQ))
    months = MONTHS[frequency]
    start = dt.date(2024, 1, 1)
    settle = start + dt.timedelta(days=rng.randint(0, 7 * 365))
    settle = with_day(settle, rng.choice([settle.day, settle.day, 28, 29, 30, 31]))
    days = rng.choice([rng.randint(2, 120), rng.randint(120, 3650), rng.randint(3650, 40 * 365)])
    maturity = settle + dt.timedelta(days=days)
    maturity = with_day(maturity, rng.choice([maturity.day, 29, 30, 31]))
    if maturity <= settle:
        maturity = add_months(settle, months)
    dates = coupon_dates(maturity, frequency, settle)
    if rng.random() < 0.25 and len(dates) > 2:
        # On a coupon date, or a day or two either side of one.
        settle = dates[1] + dt.timedelta(days=rng.choice([0, 0, -1, -2, 1]))
        dates = coupon_dates(maturity, frequency, settle)
    coupon = rng.choice([0, rng.randint(1, 120) / 8, round(rng.uniform(0, 15), 3)])
    case = {"name": f"random {number}", "settlement": settle.isoformat(), "maturity": maturity.isoformat(),
            "coupon": coupon, "frequency": frequency, "basis": rng.choice(["30-360", "act-act", "act-365", "act-360"]),
            "redemption": rng.choice([100] * 6 + [98, 102, 105])}
    if rng.random() < 0.5:
        case["yield"] = round(rng.uniform(-2, 40) if rng.random() < 0.5 else rng.uniform(-2, 9), 3)
    else:
        case["price"] = round(rng.uniform(20, 150) if rng.random() < 0.4 else rng.uniform(85, 115), 3)
    if rng.random() < 0.2 and dates[0] < settle:
        # Issued after the last coupon date: a short first period.
        case["issue"] = (dates[0] + dt.timedelta(days=rng.randint(1, (settle - dates[0]).days))).isoformat()
    if rng.random() < 0.25 and (maturity - settle).days >= 2:
        inner = [d for d in dates if settle < d < maturity]
        if inner and rng.random() < 0.5:
            call = rng.choice(inner)
        else:
            call = settle + dt.timedelta(days=rng.randint(1, (maturity - settle).days - 1))
        case["call"] = {"date": call.isoformat(), "price": rng.choice([100, 100.5, 101, 102, 105])}
    return case


def random_results(count):
    rng = random.Random(RANDOM_SEED)
    out = []
    while len(out) < count:
        case = draw(rng, len(out) + 1)
        try:
            values = compute(case)
        except RuntimeError:  # QuantLib found no yield
            continue
        if not all(-50 < values[key] < 100 for key in ("yield", "yieldToCall") if key in values):
            continue
        del values["flows"]
        out.append({"case": case, "quantlib": values})
    return out


def main():
    results = []
    for case in cases():
        results.append({"case": case, "quantlib": compute(case)})
    results += random_results(int(sys.argv[1]) if len(sys.argv) > 1 else RANDOM_CASES)
    if len(sys.argv) > 2:
        target = pathlib.Path(sys.argv[2])
    else:
        target = pathlib.Path(__file__).resolve().parents[2] / "tests" / "unit" / "fixtures" / "bond-quantlib.json"
    payload = {
        "generator": "scripts/quantlib/make-fixtures.py",
        "quantlib": ql.__version__,
        "cases": results,
    }
    target.write_text(json.dumps(payload, indent=2) + "\n")
    print(f"wrote {len(results)} cases to {target}")


if __name__ == "__main__":
    main()
