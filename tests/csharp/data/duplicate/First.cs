namespace App
{
    public class Twice { }
}
