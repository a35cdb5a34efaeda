// A source file of a rules engine, written for cite-check's tests (not copied from any).
package example;

class DelayedExile {
    // Create a delayed triggered ability to remove the special action at end of turn.
    // 510.1c: the attacking player divides the damage (damage assignment order is gone).
    static final String OLD_TEXT = "Exile it at end of turn.";

    /*
     * As above, but exiles, then returns the card at end of turn.
     * Rule 613.10 applies here.
     */
    int apply() {
        return 0; // see CR 704.5j
    }
}
